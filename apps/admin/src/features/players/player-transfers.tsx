import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { PLAYER_TRANSFER_KINDS, type TPlayerTransfer } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { saveCsv } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';

// A player's ledger, paged by the server: every transfer, or games (stakes and wins), payments or
// adjustments; exported as CSV by the server (up to 10,000 rows).

const PAGE_SIZE = 50;
const column = createColumnHelper<TPlayerTransfer>();
type Kind = (typeof PLAYER_TRANSFER_KINDS)[number];

export function PlayerTransfers({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('all');
  const [pageNum, setPageNum] = useState(1);
  const transfers = useQuery({
    queryKey: ['player', playerId, 'transfers', kind, pageNum],
    queryFn: () => adminApi('/players/transfers', { playerId, kind, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const exported = useMutation({
    mutationFn: () => adminApi('/players/transfersExport', { playerId, kind }),
    onSuccess: (result) => saveCsv(`player-${playerId}-${kind}.csv`, result.csv),
  });
  const columns = useMemo(
    () => [
      column.accessor('createTime', { header: t('player.time'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('reason', { header: t('player.reason') }),
      column.accessor('account', { header: t('player.account') }),
      column.accessor('amount', { header: t('player.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('balanceAfter', { header: t('player.balanceAfter'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('counterparty', { header: t('player.counterparty') }),
      column.accessor('reference', { header: t('player.reference'), cell: (cell) => cell.getValue() ?? '—' }),
    ],
    [t],
  );
  return (
    <section className="panel">
      <div className="section-head">
        <h2>{t('player.ledger')}</h2>
        <div className="filters">
          <label>
            {t('player.show')}
            <select
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as Kind);
                setPageNum(1);
              }}
            >
              {PLAYER_TRANSFER_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`player.kinds.${option}`)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="button secondary small"
            disabled={exported.isPending}
            onClick={() => exported.mutate()}
          >
            {t('csv.export')}
          </button>
        </div>
      </div>
      {exported.error ? <p className="form-error">{errorText(t, exported.error)}</p> : null}
      {transfers.isPending ? (
        <Loading />
      ) : transfers.isError ? (
        <ErrorState error={transfers.error} onRetry={() => void transfers.refetch()} />
      ) : transfers.data.list.length === 0 ? (
        <Empty />
      ) : (
        <DataTable
          label={t('player.ledger')}
          data={transfers.data.list}
          columns={columns}
          paging={{
            pageNum: transfers.data.pageNum,
            pageSize: transfers.data.pageSize,
            total: transfers.data.total,
            onPage: setPageNum,
          }}
        />
      )}
    </section>
  );
}
