import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEPOSIT_QUEUE_FILTERS, type TDepositQueueItem } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { DepositOrderPanel } from './deposit-order-panel.tsx';

const PAGE_SIZE = 50;
const column = createColumnHelper<TDepositQueueItem>();
type Filter = (typeof DEPOSIT_QUEUE_FILTERS)[number];

export function DepositsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('WAIT');
  const [pageNum, setPageNum] = useState(1);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
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
      column.display({
        id: 'open',
        header: t('deposits.details'),
        cell: ({ row }) => (
          <button
            type="button"
            className="button secondary small"
            onClick={(event) => {
              event.stopPropagation();
              setOpenOrder(row.original.orderNo);
            }}
          >
            {t('deposits.open')}
          </button>
        ),
      }),
    ],
    [t],
  );

  return (
    <section className="screen">
      <h1>{t('nav.deposits')}</h1>
      <p className="muted">{t('deposits.intro')}</p>
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
        {deposits.data && deposits.data.list.length > 0 ? (
          <CsvButton
            fileName={`deposits-${status}-page-${pageNum}.csv`}
            title={t('csv.loadedPage')}
            header={[
              'number',
              'opened',
              'player',
              'amount',
              'method',
              'usdt amount',
              'deposit address',
              'transfer submitted',
              'status',
              'note',
            ]}
            rows={deposits.data.list.map((row) => [
              row.orderNo,
              row.createTime,
              row.playerId,
              row.amount,
              row.method,
              row.usdtAmount,
              row.depositAddress,
              row.isTransferSubmitted ? 'yes' : 'no',
              row.status,
              row.note,
            ])}
          />
        ) : null}
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
          onRowClick={(row) => setOpenOrder(row.orderNo)}
          paging={{
            pageNum: deposits.data.pageNum,
            pageSize: deposits.data.pageSize,
            total: deposits.data.total,
            onPage: setPageNum,
          }}
        />
      )}
      {openOrder ? <DepositOrderPanel key={openOrder} orderNo={openOrder} onClose={() => setOpenOrder(null)} /> : null}
    </section>
  );
}
