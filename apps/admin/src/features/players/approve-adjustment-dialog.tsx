import type { TAdjustment } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../shared/ui/format.ts';

// The question before an adjustment is approved: approving is the second person's word, and the
// server posts it to the player's cash in the same transaction (admin/adjust-balance.ts).

/** "-120.50" → "120.50": the dialog says credit or debit in words, the amount without its sign. */
const unsigned = (amount: string) => amount.replace(/^-/, '');

export function ApproveAdjustmentDialog({
  adjustment,
  isWorking,
  error,
  onConfirm,
  onCancel,
}: {
  adjustment: TAdjustment;
  isWorking: boolean;
  error: unknown;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const amount = formatRupees(unsigned(adjustment.amount));
  const isDebit = adjustment.amount.startsWith('-');
  return (
    <ConfirmDialog
      title={t('adjustments.approveTitle', { id: adjustment.id })}
      confirmLabel={t('adjustments.confirmPost', { amount })}
      isWorking={isWorking}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t(isDebit ? 'adjustments.approveDebit' : 'adjustments.approveCredit', { amount, player: adjustment.playerId })}</p>
      <p>{t('adjustments.approveAsked', { by: adjustment.requestedBy, reason: adjustment.reason })}</p>
      <p>{t('adjustments.approveEffect')}</p>
    </ConfirmDialog>
  );
}
