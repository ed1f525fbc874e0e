import { useQuery } from '@tanstack/react-query';
import type { TGiftRedemption } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

const column = createColumnHelper<TGiftRedemption>();

export function GiftRedemptionsPanel({ code, onClose }: { code: string; onClose(): void }) {
  const { t } = useTranslation();
  const redemptions = useQuery({
    queryKey: ['giftRedemptions', code],
    queryFn: () => adminApi('/giftCodes/redemptions', { code }),
  });
  const columns = useMemo(
    () => [
      column.accessor('createTime', { header: t('giftCodes.redeemedAt'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('playerId', { header: t('giftCodes.player') }),
      column.accessor('transferId', { header: t('giftCodes.transfer') }),
    ],
    [t],
  );
  return (
    <section className="card panel" aria-labelledby="gift-redemptions-title">
      <div className="panel-head">
        <h2 id="gift-redemptions-title">{t('giftCodes.redemptionsOf', { code })}</h2>
        <button type="button" className="button secondary small" onClick={onClose}>
          {t('deposits.close')}
        </button>
      </div>
      {redemptions.isPending ? (
        <Loading />
      ) : redemptions.isError ? (
        <ErrorState error={redemptions.error} onRetry={() => void redemptions.refetch()} />
      ) : redemptions.data.list.length === 0 ? (
        <Empty text={t('giftCodes.noRedemptions')} />
      ) : (
        <>
          <CsvButton
            fileName={`gift-code-${code}-redemptions.csv`}
            title={t('csv.loadedRows')}
            header={['redeemed', 'player', 'transfer']}
            rows={redemptions.data.list.map((row) => [row.createTime, row.playerId, row.transferId])}
          />
          <DataTable label={t('giftCodes.redemptionsOf', { code })} data={redemptions.data.list} columns={columns} />
        </>
      )}
    </section>
  );
}
