import { useQuery } from '@tanstack/react-query';
import {
  adminEndpoints,
  isAllowed,
  type TAgentLevel,
  type TAgentProgrammeVersion,
  type TCommissionRun,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { ProgrammeForm } from './programme-form.tsx';
import { ProgrammeWaiting } from './programme-waiting.tsx';

// The agent programme in effect today, a change waiting for its day, changes waiting for a second owner,
// every version (owners change it from the next business day, India time), and the daily commission runs.

const levelColumn = createColumnHelper<TAgentLevel>();
const runColumn = createColumnHelper<TCommissionRun>();
const versionColumn = createColumnHelper<TAgentProgrammeVersion>();
const DEPTHS = [1, 2, 3, 4, 5, 6] as const;
const percent = (bp: number | undefined) => (bp === undefined ? '—' : `${(bp / 100).toFixed(2)} %`);
/** A version's levels on one line: thresholds and rates per level. */
const levelsText = (version: TAgentProgrammeVersion) =>
  version.levels
    .map(
      (level) =>
        `L${level.level}${level.level > 0 ? ` (${level.minTeamSize} · ₹${level.minTeamDeposits} · ₹${level.minTeamBets})` : ''}: ${level.ratesBp.map((bp) => percent(bp)).join(' / ')}`,
    )
    .join('; ');

export function AgentsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = session ? isAllowed(adminEndpoints['/agents/programme/save'].access, session.operator.role) : false;
  const [isEditing, setIsEditing] = useState(false);
  const [hasAskedSecondOwner, setHasAskedSecondOwner] = useState(false);
  const programme = useQuery({ queryKey: ['agentProgramme'], queryFn: () => adminApi('/agents/programme', {}) });
  const levelColumns = useMemo(
    () => [
      levelColumn.accessor('level', { header: t('agents.level'), cell: (cell) => `L${cell.getValue()}` }),
      levelColumn.accessor('minTeamSize', { header: t('agents.minTeamSize') }),
      levelColumn.accessor('minTeamDeposits', {
        header: t('agents.minTeamDeposits'),
        cell: (cell) => formatRupees(cell.getValue()),
      }),
      levelColumn.accessor('minTeamBets', { header: t('agents.minTeamBets'), cell: (cell) => formatRupees(cell.getValue()) }),
      ...DEPTHS.map((depth) =>
        levelColumn.display({
          id: `depth-${depth}`,
          header: t('agents.depth', { depth }),
          cell: ({ row }) => percent(row.original.ratesBp[depth - 1]),
        }),
      ),
    ],
    [t],
  );
  const runColumns = useMemo(
    () => [
      runColumn.accessor('day', { header: t('agents.day') }),
      runColumn.accessor('paidTime', { header: t('agents.paid'), cell: (cell) => formatTime(cell.getValue()) }),
      runColumn.accessor('agents', { header: t('agents.agents') }),
      runColumn.accessor('lines', { header: t('agents.lines') }),
      runColumn.accessor('total', { header: t('agents.total'), cell: (cell) => formatRupees(cell.getValue()) }),
    ],
    [t],
  );
  const versionColumns = useMemo(
    () => [
      versionColumn.accessor('effectiveFrom', {
        header: t('agents.effectiveFrom'),
        cell: (cell) => (cell.getValue() === null || cell.getValue() === '1970-01-01' ? t('agents.fromStart') : cell.getValue()),
      }),
      versionColumn.display({ id: 'levels', header: t('agents.levelsColumn'), cell: ({ row }) => levelsText(row.original) }),
      versionColumn.display({
        id: 'bonus',
        header: t('agents.inviteBonus'),
        cell: ({ row }) =>
          `${formatRupees(row.original.inviteBonus.amount)} / ${formatRupees(row.original.inviteBonus.threshold)}`,
      }),
      versionColumn.accessor('changedBy', {
        header: t('agents.changedBy'),
        cell: (cell) => (cell.getValue() === 'settings' ? t('agents.serverSettings') : cell.getValue()),
      }),
      versionColumn.accessor('changeTime', {
        header: t('agents.changeTime'),
        // The server's settings were stored with the first change; when is not when they were set.
        cell: (cell) => (cell.row.original.changedBy === 'settings' ? '—' : formatTime(cell.getValue())),
      }),
    ],
    [t],
  );
  if (programme.isPending) return <Loading />;
  if (programme.isError) return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  const {
    levels,
    levelWindowDays,
    inviteBonus,
    commissionRuns,
    today,
    effectiveFrom,
    changeFrom,
    scheduled,
    history,
    singleOwnerBounds,
  } = programme.data;
  return (
    <section className="screen">
      <h1>{t('nav.agents')}</h1>
      <p className="muted" data-testid="programme-in-effect">
        {effectiveFrom === null || effectiveFrom === '1970-01-01'
          ? t('agents.introSettings', { today })
          : t('agents.introVersion', { today, from: effectiveFrom })}
      </p>
      {scheduled ? (
        <div className="notice" role="status" data-testid="programme-scheduled">
          <p>{t('agents.scheduled', { day: scheduled.effectiveFrom, by: scheduled.changedBy })}</p>
          <p>{levelsText(scheduled)}</p>
          <p>
            {t('agents.inviteBonusIs', {
              amount: formatRupees(scheduled.inviteBonus.amount),
              threshold: formatRupees(scheduled.inviteBonus.threshold),
            })}
          </p>
        </div>
      ) : null}
      <ProgrammeWaiting justAsked={hasAskedSecondOwner} />
      {canEdit && !isEditing ? (
        <p>
          <button type="button" className="button" onClick={() => setIsEditing(true)}>
            {t('agents.edit')}
          </button>
        </p>
      ) : null}
      {canEdit && isEditing ? (
        <ProgrammeForm
          start={scheduled ?? { levels, inviteBonus }}
          changeFrom={changeFrom}
          bounds={singleOwnerBounds}
          onDone={(saved) => {
            setIsEditing(false);
            if (saved?.ownerRequest) setHasAskedSecondOwner(true);
          }}
        />
      ) : null}
      <h2>{t('agents.levels')}</h2>
      <p className="muted">{t('agents.levelsHint', { days: levelWindowDays })}</p>
      <DataTable label={t('agents.levels')} data={levels} columns={levelColumns} />
      <h2>{t('agents.inviteBonus')}</h2>
      <p data-testid="invite-bonus">
        {t('agents.inviteBonusIs', { amount: formatRupees(inviteBonus.amount), threshold: formatRupees(inviteBonus.threshold) })}
      </p>
      <div className="section-head">
        <h2>{t('agents.history')}</h2>
        <CsvButton
          fileName="agent-programme-history.csv"
          title={t('csv.loadedRows')}
          header={['effective from', 'levels', 'invite bonus', 'invite threshold', 'changed by', 'changed']}
          rows={history.map((row) => [
            row.effectiveFrom ?? '',
            levelsText(row),
            row.inviteBonus.amount,
            row.inviteBonus.threshold,
            row.changedBy,
            row.changeTime ?? '',
          ])}
        />
      </div>
      <p className="muted">{t('agents.historyHint')}</p>
      <DataTable label={t('agents.history')} data={history} columns={versionColumns} />
      <div className="section-head">
        <h2>{t('agents.runs')}</h2>
        {commissionRuns.length > 0 ? (
          <CsvButton
            fileName="agent-commission-runs.csv"
            title={t('csv.loadedRows')}
            header={['day', 'paid', 'agents', 'lines', 'total']}
            rows={commissionRuns.map((row) => [row.day, row.paidTime, row.agents, row.lines, row.total])}
          />
        ) : null}
      </div>
      {commissionRuns.length === 0 ? (
        <Empty text={t('agents.noRuns')} />
      ) : (
        <DataTable label={t('agents.runs')} data={commissionRuns} columns={runColumns} />
      )}
    </section>
  );
}
