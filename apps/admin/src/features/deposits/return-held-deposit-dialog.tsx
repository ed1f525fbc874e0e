import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TDepositQueueItem, TDepositReturn } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { formatRupees } from '../../shared/ui/format.ts';

// The question before a held recharge is recorded as returned (server: payments/recharge/
// return-held-deposit.ts, decision 0022): how much, whose order, why it was held, and that the money
// goes back to the payer through the provider, never into the player's cash. The call is made only on
// Confirm; a refusal (already returned by someone else) shows inside the dialog.

export function ReturnHeldDepositDialog({
  order,
  onReturned,
  onCancel,
}: {
  order: TDepositQueueItem;
  onReturned(result: TDepositReturn): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const giveBack = useMutation({
    mutationFn: () => adminApi('/deposits/return', { orderNo: order.orderNo }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      void queryClient.invalidateQueries({ queryKey: ['deposit', order.orderNo] });
      onReturned(result);
    },
  });
  const amount = formatRupees(order.amount);
  const reason = order.heldReason ? t(`deposits.heldReasons.${order.heldReason}`) : '—';
  return (
    <ConfirmDialog
      title={t('deposits.returnTitle', { orderNo: order.orderNo })}
      confirmLabel={t('deposits.returnAction', { amount })}
      isWorking={giveBack.isPending}
      error={giveBack.error}
      onConfirm={() => giveBack.mutate()}
      onCancel={onCancel}
    >
      <p>{t('deposits.returnWhat', { amount, player: order.playerId, reason })}</p>
      <p>{t('deposits.returnEffect', { amount })}</p>
    </ConfirmDialog>
  );
}
