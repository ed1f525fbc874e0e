import { formatMoney } from '@mayur/rules/money';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../shared/ui/format.ts';

// The question before an operator asks for an adjustment: a small one is posted at once on the asking
// operator's word (within today's single-approval total), a larger one waits for a second operator
// (admin/adjust-balance.ts), so the operator reads what moves before it may move.

export type AdjustmentToAsk = { playerId: number; amount: string; reason: string; amountPaise: bigint };

export function RequestAdjustmentDialog({
  adjustment,
  isWorking,
  onConfirm,
  onCancel,
}: {
  adjustment: AdjustmentToAsk;
  isWorking: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const isDebit = adjustment.amountPaise < 0n;
  const amount = formatRupees(formatMoney(isDebit ? -adjustment.amountPaise : adjustment.amountPaise));
  return (
    <ConfirmDialog
      title={t('player.adjustTitle', { player: adjustment.playerId })}
      confirmLabel={t(isDebit ? 'player.adjustDebit' : 'player.adjustCredit', { amount })}
      isWorking={isWorking}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{t(isDebit ? 'adjustments.approveDebit' : 'adjustments.approveCredit', { amount, player: adjustment.playerId })}</p>
      <p>{t('player.adjustReasonIs', { reason: adjustment.reason })}</p>
      <p>{t('player.adjustEffect')}</p>
    </ConfirmDialog>
  );
}
