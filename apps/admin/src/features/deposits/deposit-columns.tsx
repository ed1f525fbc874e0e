import { adminEndpoints, isAllowed, type TDepositQueueItem } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/api/use-session.ts';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';

// The recharge queue's columns: the order, why a paid one was held (and when it was returned), and per
// row Open (its events) and, for a held order still to return and a role the map lets return it
// (finance, owner), Return, which only opens the question (return-held-deposit-dialog.tsx).

const column = createColumnHelper<TDepositQueueItem>();

/** Held and not yet returned: what the Return action is for. */
export const isReturnable = (order: TDepositQueueItem) => order.heldReason !== null && order.returnedTime === null;

export function useDepositColumns({
  onOpen,
  onReturn,
}: {
  onOpen(orderNo: string): void;
  onReturn(order: TDepositQueueItem): void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const canReturn = session ? isAllowed(adminEndpoints['/deposits/return'].access, session.operator.role) : false;
  return useMemo(
    () => [
      column.accessor('orderNo', { header: t('deposits.number') }),
      column.accessor('createTime', { header: t('deposits.opened'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('playerId', { header: t('deposits.player') }),
      column.accessor('amount', { header: t('deposits.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('method', { header: t('deposits.method'), cell: (cell) => t(`deposits.methods.${cell.getValue()}`) }),
      column.display({
        id: 'usdt',
        header: t('deposits.usdt'),
        cell: ({ row }) =>
          row.original.usdtAmount ? (
            <span>
              {row.original.usdtAmount} USDT → <code className="clip">{row.original.depositAddress}</code>
              {row.original.isTransferSubmitted ? ` (${t('deposits.transferSubmitted')})` : ''}
            </span>
          ) : (
            '—'
          ),
      }),
      column.accessor('status', { header: t('deposits.status'), cell: (cell) => t(`deposits.statuses.${cell.getValue()}`) }),
      column.display({
        id: 'held',
        header: t('deposits.held'),
        cell: ({ row }) =>
          row.original.heldReason
            ? `${t(`deposits.heldReasons.${row.original.heldReason}`)}${
                row.original.returnedTime ? ` · ${t('deposits.returnedOn', { time: formatTime(row.original.returnedTime) })}` : ''
              }`
            : '—',
      }),
      column.accessor('note', { header: t('deposits.note'), cell: (cell) => cell.getValue() ?? '—' }),
      column.display({
        id: 'actions',
        header: t('deposits.actions'),
        cell: ({ row }) => (
          <span className="cell-actions">
            <button
              type="button"
              className="button secondary small"
              onClick={(event) => {
                event.stopPropagation();
                onOpen(row.original.orderNo);
              }}
            >
              {t('deposits.open')}
            </button>
            {canReturn && isReturnable(row.original) ? (
              <button
                type="button"
                className="button small"
                onClick={(event) => {
                  event.stopPropagation();
                  onReturn(row.original);
                }}
              >
                {t('deposits.return')}
              </button>
            ) : null}
          </span>
        ),
      }),
    ],
    [t, canReturn, onOpen, onReturn],
  );
}
