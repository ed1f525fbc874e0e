import { useQuery } from '@tanstack/react-query';
import type { TPlayerPage } from '@mayur/contracts/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { PlayerActionsPanel } from './player-actions-panel.tsx';
import { PlayerTransfers } from './player-transfers.tsx';
import './players.css';

// A player's page: who they are and their state, the actions the role may take, then every list the
// back office keeps about them, each exportable as CSV. Opening it is audited (a read of their data).

type Column<T> = { header: string; value: (row: T) => string | number | null; render?: (row: T) => ReactNode };

function ListSection<T>({
  title,
  rows,
  columns,
  fileName,
}: {
  title: string;
  rows: T[];
  columns: Column<T>[];
  fileName: string;
}) {
  return (
    <section className="panel">
      <div className="section-head">
        <h2>{title}</h2>
        {rows.length > 0 ? (
          <CsvButton
            fileName={fileName}
            header={columns.map((column) => column.header)}
            rows={rows.map((row) => columns.map((column) => column.value(row)))}
          />
        ) : null}
      </div>
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <div className="table-wrap">
          <table className="table" aria-label={title}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.header}>{column.render ? column.render(row) : (column.value(row) ?? '—')}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function PlayerScreen() {
  const playerId = Number(useParams().id);
  const page = useQuery({
    queryKey: ['player', playerId],
    queryFn: () => adminApi('/players/page', { playerId }),
    enabled: Number.isSafeInteger(playerId) && playerId > 0,
    staleTime: 0,
  });
  if (page.isPending) return <Loading />;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  return <PlayerPage data={page.data} />;
}

function PlayerPage({ data }: { data: TPlayerPage }) {
  const { t } = useTranslation();
  const { player } = data;
  const file = (list: string) => `player-${player.id}-${list}.csv`;
  return (
    <section className="screen">
      <p>
        <Link to="/players">{t('player.back')}</Link>
      </p>
      <h1>
        {player.nickName} <span className="muted">#{player.id}</span>{' '}
        {player.isFrozen ? (
          <span className="badge badge-danger" data-testid="player-frozen">
            {t('player.frozen')}
          </span>
        ) : (
          <span className="badge" data-testid="player-active">
            {t('player.active')}
          </span>
        )}
      </h1>
      <dl className="facts">
        <dt>{t('players.cash')}</dt>
        <dd data-testid="player-cash">{formatRupees(data.balances.cash)}</dd>
        <dt>{t('players.bonus')}</dt>
        <dd>{formatRupees(data.balances.bonus)}</dd>
        <dt>{t('players.mobile')}</dt>
        <dd>{player.mobile ?? '—'}</dd>
        <dt>{t('players.email')}</dt>
        <dd>{player.email ?? '—'}</dd>
        <dt>{t('player.actualName')}</dt>
        <dd>{player.actualName ?? '—'}</dd>
        <dt>{t('players.promotionCode')}</dt>
        <dd>{player.promotionCode}</dd>
        <dt>{t('player.level')}</dt>
        <dd>{player.level}</dd>
        <dt>{t('players.since')}</dt>
        <dd>{formatTime(player.createTime)}</dd>
        <dt>{t('player.inviter')}</dt>
        <dd>
          {data.team.inviter ? (
            <Link to={`/players/${data.team.inviter.id}`}>{`${data.team.inviter.nickName} #${data.team.inviter.id}`}</Link>
          ) : (
            '—'
          )}
        </dd>
        <dt>{t('player.invitedCount')}</dt>
        <dd>{data.team.invitedCount}</dd>
        <dt>{t('player.withdrawPassword')}</dt>
        <dd>
          {!player.hasWithdrawPassword
            ? t('player.notSet')
            : player.isWithdrawPasswordLocked
              ? t('player.locked', { count: player.withdrawPasswordFailures })
              : t('player.wrongTries', { count: player.withdrawPasswordFailures })}
        </dd>
        {player.isFrozen ? (
          <>
            <dt>{t('player.frozenSince')}</dt>
            <dd>{`${formatTime(player.frozenTime)} — ${player.frozenReason ?? ''}`}</dd>
          </>
        ) : null}
        <dt>{t('player.exclusion')}</dt>
        <dd>
          {data.protection.exclusion
            ? t('player.excludedUntil', {
                kind: data.protection.exclusion.kind,
                time: formatTime(data.protection.exclusion.endsTime),
              })
            : '—'}
        </dd>
        <dt>{t('player.realityCheck')}</dt>
        <dd>{data.protection.realityCheckMinutes ? t('player.minutes', { count: data.protection.realityCheckMinutes }) : '—'}</dd>
      </dl>
      <PlayerActionsPanel page={data} />
      <PlayerTransfers playerId={player.id} />
      <ListSection
        title={t('player.limits')}
        fileName={file('limits')}
        rows={data.protection.limits}
        columns={[
          { header: t('player.limitKind'), value: (row) => row.kind },
          { header: t('player.period'), value: (row) => row.period },
          { header: t('player.amount'), value: (row) => row.amount, render: (row) => formatRupees(row.amount) },
        ]}
      />
      <ListSection
        title={t('player.adjustments')}
        fileName={file('adjustments')}
        rows={data.adjustments}
        columns={[
          { header: t('player.time'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.amount'), value: (row) => row.amount, render: (row) => formatRupees(row.amount) },
          { header: t('player.reason'), value: (row) => row.reason },
          { header: t('player.status'), value: (row) => row.status, render: (row) => t(`adjustments.statuses.${row.status}`) },
          { header: t('adjustments.requestedBy'), value: (row) => row.requestedBy },
          { header: t('adjustments.approvals'), value: (row) => row.approvals.join(', ') },
        ]}
      />
      <ListSection
        title={t('player.deposits')}
        fileName={file('recharges')}
        rows={data.deposits}
        columns={[
          { header: t('player.number'), value: (row) => row.orderNo },
          { header: t('player.time'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.method'), value: (row) => row.method },
          { header: t('player.amount'), value: (row) => row.amount, render: (row) => formatRupees(row.amount) },
          { header: t('player.status'), value: (row) => row.status },
        ]}
      />
      <ListSection
        title={t('player.withdrawals')}
        fileName={file('withdrawals')}
        rows={data.withdrawals}
        columns={[
          { header: t('player.number'), value: (row) => row.withdrawNo },
          { header: t('player.time'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.method'), value: (row) => row.method },
          { header: t('player.amount'), value: (row) => row.amount, render: (row) => formatRupees(row.amount) },
          { header: t('player.status'), value: (row) => row.status },
          { header: t('player.reason'), value: (row) => row.reason },
        ]}
      />
      <ListSection
        title={t('player.payoutAccounts')}
        fileName={file('payout-accounts')}
        rows={data.payoutAccounts}
        columns={[
          { header: t('player.method'), value: (row) => row.kind },
          { header: t('player.destination'), value: (row) => row.destination },
          { header: t('player.added'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.status'), value: (row) => (row.isDeleted ? t('player.deleted') : t('player.inUse')) },
        ]}
      />
      <ListSection
        title={t('player.sessions')}
        fileName={file('sessions')}
        rows={data.sessions}
        columns={[
          { header: t('player.signedIn'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.ends'), value: (row) => row.expiresTime, render: (row) => formatTime(row.expiresTime) },
          { header: t('player.ended'), value: (row) => row.revokedTime, render: (row) => formatTime(row.revokedTime) },
          { header: t('player.address'), value: (row) => row.ip },
          { header: t('player.device'), value: (row) => row.device },
        ]}
      />
      <ListSection
        title={t('player.invited')}
        fileName={file('invited')}
        rows={data.team.invited}
        columns={[
          { header: t('players.id'), value: (row) => row.id, render: (row) => <Link to={`/players/${row.id}`}>{row.id}</Link> },
          { header: t('players.nickName'), value: (row) => row.nickName },
          { header: t('players.since'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
        ]}
      />
      <ListSection
        title={t('player.complaints')}
        fileName={file('complaints')}
        rows={data.complaints}
        columns={[
          {
            header: t('player.number'),
            value: (row) => row.number,
            render: (row) => <Link to={`/complaints/${row.number}`}>{row.number}</Link>,
          },
          { header: t('player.time'), value: (row) => row.createTime, render: (row) => formatTime(row.createTime) },
          { header: t('player.type'), value: (row) => row.type },
          { header: t('player.status'), value: (row) => row.status },
        ]}
      />
    </section>
  );
}
