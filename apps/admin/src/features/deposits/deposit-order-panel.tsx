import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, isAllowed, type TDepositConfirmation, type TDepositEvent } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';

// One recharge order: what the gateway or the USDT watcher said about it, why it was held if it was,
// and — for a pending USDT order, to finance and owners — the confirmation by hand after checking the
// chain, behind a dialog. A held order is returned from the list (return-held-deposit-dialog.tsx).

const column = createColumnHelper<TDepositEvent>();

export function DepositOrderPanel({ orderNo, onClose }: { orderNo: string; onClose(): void }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const canConfirm = session ? isAllowed(adminEndpoints['/deposits/confirm'].access, session.operator.role) : false;
  const [isAsking, setIsAsking] = useState(false);
  const [confirmed, setConfirmed] = useState<TDepositConfirmation | null>(null);
  const details = useQuery({ queryKey: ['deposit', orderNo], queryFn: () => adminApi('/deposits/events', { orderNo }) });
  const confirm = useMutation({
    mutationFn: () => adminApi('/deposits/confirm', { orderNo }),
    onSuccess: (result) => {
      setConfirmed(result);
      void queryClient.invalidateQueries({ queryKey: ['deposits'] });
      void queryClient.invalidateQueries({ queryKey: ['deposit', orderNo] });
    },
    onSettled: () => setIsAsking(false),
  });
  const columns = useMemo(
    () => [
      column.accessor('receivedTime', { header: t('deposits.events.received'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('provider', { header: t('deposits.events.provider') }),
      column.accessor('eventId', {
        header: t('deposits.events.eventId'),
        cell: (cell) => <code className="clip">{cell.getValue()}</code>,
      }),
      column.accessor('outcome', { header: t('deposits.events.outcome') }),
      column.accessor('payload', {
        header: t('deposits.events.payload'),
        cell: (cell) => <code className="clip">{cell.getValue()}</code>,
      }),
    ],
    [t],
  );

  if (details.isPending) return <Loading />;
  if (details.isError) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  const { order, events } = details.data;
  const isConfirmable = canConfirm && order.method === 'usdt' && order.status === 'pending';
  return (
    <section className="card panel" aria-labelledby="deposit-order-title" data-testid="deposit-order">
      <div className="panel-head">
        <h2 id="deposit-order-title">{t('deposits.orderTitle', { orderNo: order.orderNo })}</h2>
        <button type="button" className="button secondary small" onClick={onClose}>
          {t('deposits.close')}
        </button>
      </div>
      <p>
        {t('deposits.orderSummary', {
          player: order.playerId,
          amount: formatRupees(order.amount),
          method: t(`deposits.methods.${order.method}`),
          status: t(`deposits.statuses.${order.status}`),
        })}
      </p>
      {order.usdtAmount ? (
        <p>
          {t('deposits.usdtExpected', { amount: order.usdtAmount })} <code>{order.depositAddress}</code>
        </p>
      ) : null}
      {order.heldReason ? (
        <p data-testid="deposit-held">
          {order.returnedTime
            ? t('deposits.returnedIs', {
                reason: t(`deposits.heldReasons.${order.heldReason}`),
                time: formatTime(order.returnedTime),
              })
            : t('deposits.heldIs', { reason: t(`deposits.heldReasons.${order.heldReason}`) })}
        </p>
      ) : null}
      {order.note ? <p className="muted">{t('deposits.noteIs', { note: order.note })}</p> : null}
      <h3>{t('deposits.events.title')}</h3>
      {events.length === 0 ? (
        <Empty text={t('deposits.events.empty')} />
      ) : (
        <DataTable label={t('deposits.events.title')} data={events} columns={columns} />
      )}
      {confirmed ? (
        <p className="notice" role="status" data-testid="deposit-confirmed">
          {t('deposits.confirmed', {
            orderNo: confirmed.orderNo,
            amount: formatRupees(confirmed.amount),
            player: confirmed.playerId,
          })}
        </p>
      ) : null}
      {confirm.error ? (
        <p className="form-error" role="alert">
          {errorText(t, confirm.error)}
        </p>
      ) : null}
      {isConfirmable ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => setIsAsking(true)}>
            {t('deposits.confirm')}
          </button>
        </div>
      ) : null}
      {isAsking ? (
        <ConfirmDialog
          title={t('deposits.confirmTitle', { orderNo: order.orderNo })}
          confirmLabel={t('deposits.confirmAction', { amount: formatRupees(order.amount) })}
          isWorking={confirm.isPending}
          onConfirm={() => confirm.mutate()}
          onCancel={() => setIsAsking(false)}
        >
          <p>{t('deposits.confirmCheck', { amount: order.usdtAmount, address: order.depositAddress })}</p>
          <p>{t('deposits.confirmEffect', { amount: formatRupees(order.amount), player: order.playerId })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
