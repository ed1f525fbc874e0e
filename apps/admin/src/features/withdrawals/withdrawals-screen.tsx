import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { WITHDRAWAL_QUEUE_FILTERS, type TWithdrawalQueueItem } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

const PAGE_SIZE = 50;
const column = createColumnHelper<TWithdrawalQueueItem>();
type Filter = (typeof WITHDRAWAL_QUEUE_FILTERS)[number];

export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('WAIT');
  const [pageNum, setPageNum] = useState(1);
  const withdrawals = useQuery({
    queryKey: ['withdrawals', status, pageNum],
    queryFn: () => adminApi('/withdrawals/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor('withdrawNo', { header: t('withdrawals.number') }),
      column.accessor('createTime', { header: t('withdrawals.requested'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('playerId', { header: t('withdrawals.player') }),
      column.accessor('amount', { header: t('withdrawals.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('method', { header: t('withdrawals.method'), cell: (cell) => t(`withdrawals.methods.${cell.getValue()}`) }),
      column.accessor('destination', { header: t('withdrawals.destination') }),
      column.accessor('status', {
        header: t('withdrawals.status'),
        cell: (cell) => t(`withdrawals.statuses.${cell.getValue()}`),
      }),
      column.accessor('reason', { header: t('withdrawals.reason'), cell: (cell) => cell.getValue() ?? '—' }),
    ],
    [t],
  );

  return (
    <section className="screen">
      <h1>{t('nav.withdrawals')}</h1>
      <p className="muted">{t('withdrawals.readOnly')}</p>
      <div className="filters">
        <label>
          {t('withdrawals.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPageNum(1);
            }}
          >
            {WITHDRAWAL_QUEUE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`withdrawals.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {withdrawals.isPending ? (
        <Loading />
      ) : withdrawals.isError ? (
        <ErrorState error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />
      ) : withdrawals.data.list.length === 0 ? (
        <Empty text={t('withdrawals.empty')} />
      ) : (
        <DataTable
          label={t('nav.withdrawals')}
          data={withdrawals.data.list}
          columns={columns}
          paging={{
            pageNum: withdrawals.data.pageNum,
            pageSize: withdrawals.data.pageSize,
            total: withdrawals.data.total,
            onPage: setPageNum,
          }}
        />
      )}
    </section>
  );
}
