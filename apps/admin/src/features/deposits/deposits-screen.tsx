import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DEPOSIT_QUEUE_FILTERS,
  type TDepositQueueFilter,
  type TDepositQueueItem,
  type TDepositReturn,
} from '@mayur/contracts/admin';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { useDepositColumns } from './deposit-columns.tsx';
import { DepositOrderPanel } from './deposit-order-panel.tsx';
import { ReturnHeldDepositDialog } from './return-held-deposit-dialog.tsx';

const PAGE_SIZE = 50;

export function DepositsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TDepositQueueFilter>('WAIT');
  const [pageNum, setPageNum] = useState(1);
  const [openOrder, setOpenOrder] = useState<string | null>(null);
  // Returning a held recharge moves money out of the holds: it is asked in a dialog first, never on the click.
  const [toReturn, setToReturn] = useState<TDepositQueueItem | null>(null);
  const [returned, setReturned] = useState<TDepositReturn | null>(null);
  const deposits = useQuery({
    queryKey: ['deposits', status, pageNum],
    queryFn: () => adminApi('/deposits/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const askToReturn = useCallback((order: TDepositQueueItem) => {
    setReturned(null);
    setToReturn(order);
  }, []);
  const columns = useDepositColumns({ onOpen: setOpenOrder, onReturn: askToReturn });

  return (
    <section className="screen">
      <h1>{t('nav.deposits')}</h1>
      <p className="muted">{t('deposits.intro')}</p>
      {returned ? (
        <p className="notice" role="status" data-testid="deposit-returned">
          {t('deposits.returned', {
            orderNo: returned.orderNo,
            amount: formatRupees(returned.amount),
            player: returned.playerId,
          })}
        </p>
      ) : null}
      <div className="filters">
        <label>
          {t('deposits.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as TDepositQueueFilter);
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
          <DepositsCsvButton fileName={`deposits-${status}-page-${pageNum}.csv`} list={deposits.data.list} />
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
      {toReturn ? (
        <ReturnHeldDepositDialog
          order={toReturn}
          onReturned={(result) => {
            setToReturn(null);
            setReturned(result);
          }}
          onCancel={() => setToReturn(null)}
        />
      ) : null}
    </section>
  );
}

function DepositsCsvButton({ fileName, list }: { fileName: string; list: TDepositQueueItem[] }) {
  const { t } = useTranslation();
  return (
    <CsvButton
      fileName={fileName}
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
        'held reason',
        'returned',
        'note',
      ]}
      rows={list.map((row) => [
        row.orderNo,
        row.createTime,
        row.playerId,
        row.amount,
        row.method,
        row.usdtAmount,
        row.depositAddress,
        row.isTransferSubmitted ? 'yes' : 'no',
        row.status,
        row.heldReason,
        row.returnedTime,
        row.note,
      ])}
    />
  );
}
