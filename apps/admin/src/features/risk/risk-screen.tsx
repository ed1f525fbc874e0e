import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  UNUSUAL_NET_WIN_RUPEES,
  UNUSUAL_RETURN_MIN_STAKES_RUPEES,
  UNUSUAL_RETURN_PERCENT,
  UNUSUAL_SINGLE_WIN_MIN_RUPEES,
  UNUSUAL_SINGLE_WIN_MULTIPLE,
  type TInviteChain,
  type TRiskGroup,
  type TUnusualWin,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

// Risk flags: players who share an address, a device or a payout account, inviters paid invite
// bonuses for several new accounts, and players with unusual wins (with the figures and the rules they
// met). Every player links to their page; a flag is a reason to look.

const PERIODS = [7, 30, 90] as const;
const groupColumn = createColumnHelper<TRiskGroup>();
const chainColumn = createColumnHelper<TInviteChain>();
const winColumn = createColumnHelper<TUnusualWin>();

function PlayerLinks({ ids }: { ids: number[] }) {
  return (
    <span className="player-links">
      {ids.map((id) => (
        <Link key={id} to={`/players/${id}`}>
          {id}
        </Link>
      ))}
    </span>
  );
}

export function RiskScreen() {
  const { t } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const flags = useQuery({
    queryKey: ['riskFlags', days],
    queryFn: () => adminApi('/risk/flags', { days }),
    placeholderData: keepPreviousData,
  });
  const groupColumns = useMemo(
    () => [
      groupColumn.accessor('shared', {
        header: t('risk.shared'),
        cell: (cell) => <code className="clip">{cell.getValue()}</code>,
      }),
      groupColumn.accessor('playerIds', { header: t('risk.players'), cell: (cell) => <PlayerLinks ids={cell.getValue()} /> }),
    ],
    [t],
  );
  const chainColumns = useMemo(
    () => [
      chainColumn.accessor('inviterId', { header: t('risk.inviter'), cell: (cell) => <PlayerLinks ids={[cell.getValue()]} /> }),
      chainColumn.accessor('inviteeIds', { header: t('risk.invitees'), cell: (cell) => <PlayerLinks ids={cell.getValue()} /> }),
      chainColumn.accessor('sharingAddressIds', {
        header: t('risk.sharingAddress'),
        cell: (cell) => (cell.getValue().length > 0 ? <PlayerLinks ids={cell.getValue()} /> : '—'),
      }),
      chainColumn.accessor('bonusTotal', { header: t('risk.bonusTotal'), cell: (cell) => formatRupees(cell.getValue()) }),
    ],
    [t],
  );
  const winColumns = useMemo(
    () => [
      winColumn.accessor('playerId', { header: t('risk.player'), cell: (cell) => <PlayerLinks ids={[cell.getValue()]} /> }),
      winColumn.accessor('stakes', { header: t('risk.stakes'), cell: (cell) => formatRupees(cell.getValue()) }),
      winColumn.accessor('wins', { header: t('risk.wins'), cell: (cell) => formatRupees(cell.getValue()) }),
      winColumn.accessor('netWin', { header: t('risk.netWin'), cell: (cell) => formatRupees(cell.getValue()) }),
      winColumn.accessor('returnPercent', {
        header: t('risk.returnPercent'),
        cell: (cell) => (cell.getValue() === null ? '—' : `${cell.getValue()} %`),
      }),
      winColumn.accessor('bets', { header: t('risk.bets') }),
      winColumn.accessor('largestWin', { header: t('risk.largestWin'), cell: (cell) => formatRupees(cell.getValue()) }),
      winColumn.accessor('averageStake', { header: t('risk.averageStake'), cell: (cell) => formatRupees(cell.getValue()) }),
      winColumn.accessor('reasons', {
        header: t('risk.reasons'),
        cell: (cell) =>
          cell
            .getValue()
            .map((reason) => t(`risk.reason.${reason}`))
            .join(', '),
      }),
    ],
    [t],
  );
  const section = (key: 'sharedAddresses' | 'sharedDevices' | 'sharedPayoutAccounts', list: TRiskGroup[]) => (
    <section key={key} aria-labelledby={`risk-${key}`}>
      <div className="section-head">
        <h2 id={`risk-${key}`}>{t(`risk.${key}`)}</h2>
        {list.length > 0 ? (
          <CsvButton
            fileName={`risk-${key}-${days}d.csv`}
            title={t('csv.loadedRows')}
            header={['shared', 'players']}
            rows={list.map((row) => [row.shared, row.playerIds.join('; ')])}
          />
        ) : null}
      </div>
      <p className="muted">{t(`risk.${key}Hint`)}</p>
      {list.length === 0 ? (
        <Empty text={t('risk.none')} />
      ) : (
        <DataTable label={t(`risk.${key}`)} data={list} columns={groupColumns} />
      )}
    </section>
  );

  return (
    <section className="screen">
      <h1>{t('nav.risk')}</h1>
      <p className="muted">{t('risk.intro')}</p>
      <div className="filters">
        <label>
          {t('risk.period')}
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                {t('risk.days', { count: period })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {flags.isPending ? (
        <Loading />
      ) : flags.isError ? (
        <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />
      ) : (
        <>
          {section('sharedAddresses', flags.data.sharedAddresses)}
          {section('sharedDevices', flags.data.sharedDevices)}
          {section('sharedPayoutAccounts', flags.data.sharedPayoutAccounts)}
          <section aria-labelledby="risk-inviteChains">
            <div className="section-head">
              <h2 id="risk-inviteChains">{t('risk.inviteChains')}</h2>
              {flags.data.inviteChains.length > 0 ? (
                <CsvButton
                  fileName={`risk-inviteChains-${days}d.csv`}
                  title={t('csv.loadedRows')}
                  header={['inviter', 'invitees', 'sharing an address', 'bonus total']}
                  rows={flags.data.inviteChains.map((row) => [
                    row.inviterId,
                    row.inviteeIds.join('; '),
                    row.sharingAddressIds.join('; '),
                    row.bonusTotal,
                  ])}
                />
              ) : null}
            </div>
            <p className="muted">{t('risk.inviteChainsHint')}</p>
            {flags.data.inviteChains.length === 0 ? (
              <Empty text={t('risk.none')} />
            ) : (
              <DataTable label={t('risk.inviteChains')} data={flags.data.inviteChains} columns={chainColumns} />
            )}
          </section>
          <section aria-labelledby="risk-unusualWins">
            <div className="section-head">
              <h2 id="risk-unusualWins">{t('risk.unusualWins')}</h2>
              {flags.data.unusualWins.length > 0 ? (
                <CsvButton
                  fileName={`risk-unusualWins-${days}d.csv`}
                  title={t('csv.loadedRows')}
                  header={['player', 'stakes', 'wins', 'net win', 'return %', 'bets', 'largest win', 'average stake', 'rules']}
                  rows={flags.data.unusualWins.map((row) => [
                    row.playerId,
                    row.stakes,
                    row.wins,
                    row.netWin,
                    row.returnPercent,
                    row.bets,
                    row.largestWin,
                    row.averageStake,
                    row.reasons.join('; '),
                  ])}
                />
              ) : null}
            </div>
            <p className="muted">
              {t('risk.unusualWinsHint', {
                netWin: UNUSUAL_NET_WIN_RUPEES,
                percent: UNUSUAL_RETURN_PERCENT,
                minStakes: UNUSUAL_RETURN_MIN_STAKES_RUPEES,
                singleMin: UNUSUAL_SINGLE_WIN_MIN_RUPEES,
                multiple: UNUSUAL_SINGLE_WIN_MULTIPLE,
              })}
            </p>
            {flags.data.unusualWins.length === 0 ? (
              <Empty text={t('risk.none')} />
            ) : (
              <DataTable label={t('risk.unusualWins')} data={flags.data.unusualWins} columns={winColumns} />
            )}
          </section>
        </>
      )}
    </section>
  );
}
