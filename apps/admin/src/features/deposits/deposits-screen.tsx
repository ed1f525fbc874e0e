import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEPOSIT_QUEUE_FILTERS, type TDepositQueueItem } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

const PAGE_SIZE = 50;
const column = createColumnHelper<TDepositQueueItem>();
type Filter = (typeof DEPOSIT_QUEUE_FILTERS)[number];

export function DepositsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('WAIT');
  const [pageNum, setPageNum] = useState(1);
  const deposits = useQuery({
    queryKey: ['deposits', status, pageNum],
    queryFn: () => adminApi('/deposits/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
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
      column.accessor('note', { header: t('deposits.note'), cell: (cell) => cell.getValue() ?? '—' }),
    ],
    [t],
  );

  return (
    <section className="screen">
      <h1>{t('nav.deposits')}</h1>
      <p className="muted">{t('deposits.readOnly')}</p>
      <div className="filters">
        <label>
          {t('deposits.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPageNum(1);
            }}
          >
            {DEPOSIT_QUEUE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`deposits.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {deposits.isPending ? (
        <Loading />
      ) : deposits.isError ? (
        <ErrorState error={deposits.error} onRetry={() => void deposits.refetch()} />
      ) : deposits.data.list.length === 0 ? (
        <Empty text={t('deposits.empty')} />
      ) : (
        <DataTable
          label={t('nav.deposits')}
          data={deposits.data.list}
          columns={columns}
          paging={{
            pageNum: deposits.data.pageNum,
            pageSize: deposits.data.pageSize,
            total: deposits.data.total,
            onPage: setPageNum,
          }}
        />
      )}
    </section>
  );
}
