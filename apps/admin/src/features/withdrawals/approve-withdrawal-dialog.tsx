import type { TWithdrawalQueueItem } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../shared/ui/format.ts';

// The question before a withdrawal is approved: how much, to whom and where, and what this approval
// does (server: payments/withdraw/maker-checker.ts). A second approval pays at once; a first one above
// the second-approval amount only records approval 1 of 2; a first one at or below it pays alone unless
// today's single-approval total of the operator or the player is reached, which only the server knows.

export type ApprovalStep = 'pays' | 'firstOfTwo' | 'alone';

export function approvalStepOf(withdrawal: Pick<TWithdrawalQueueItem, 'approvals' | 'needsSecondApproval'>): ApprovalStep {
  if (withdrawal.approvals.length > 0) return 'pays';
  return withdrawal.needsSecondApproval ? 'firstOfTwo' : 'alone';
}

export function ApproveWithdrawalDialog({
  withdrawal,
  secondApprovalAbove,
  isWorking,
  error,
  onConfirm,
  onCancel,
}: {
  withdrawal: TWithdrawalQueueItem;
  /** The second-approval amount, as the queue answers it ("10000.00"). */
  secondApprovalAbove: string;
  isWorking: boolean;
  error: unknown;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const step = approvalStepOf(withdrawal);
  const amount = formatRupees(withdrawal.amount);
  const confirmLabel = {
    pays: t('withdrawals.confirmPay', { amount }),
    firstOfTwo: t('withdrawals.confirmFirst'),
    alone: t('withdrawals.confirmAlone', { amount }),
  }[step];
  return (
    <ConfirmDialog
      title={t('withdrawals.approveTitle', { withdrawNo: withdrawal.withdrawNo })}
      confirmLabel={confirmLabel}
      isWorking={isWorking}
      error={error}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        {t('withdrawals.approveWhat', {
          amount,
          player: withdrawal.playerId,
          method: t(`withdrawals.methods.${withdrawal.method}`),
          destination: withdrawal.destination,
        })}
      </p>
      <p data-testid="approval-step">
        {step === 'pays'
          ? t('withdrawals.approvePays', { first: withdrawal.approvals.join(', ') })
          : step === 'firstOfTwo'
            ? t('withdrawals.approveFirstOfTwo', { limit: formatRupees(secondApprovalAbove) })
            : t('withdrawals.approveAlone', { limit: formatRupees(secondApprovalAbove) })}
      </p>
    </ConfirmDialog>
  );
}
