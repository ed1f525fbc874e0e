import { useQuery } from '@tanstack/react-query';
import type { TAgentLevel, TCommissionRun } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

// The agent programme as the server runs it (read-only: its settings are the server's environment)
// and the daily commission runs.

const levelColumn = createColumnHelper<TAgentLevel>();
const runColumn = createColumnHelper<TCommissionRun>();
const DEPTHS = [1, 2, 3, 4, 5, 6] as const;
const percent = (bp: number | undefined) => (bp === undefined ? '—' : `${(bp / 100).toFixed(2)} %`);

export function AgentsScreen() {
  const { t } = useTranslation();
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
  if (programme.isPending) return <Loading />;
  if (programme.isError) return <ErrorState error={programme.error} onRetry={() => void programme.refetch()} />;
  const { levels, levelWindowDays, inviteBonus, commissionRuns } = programme.data;
  return (
    <section className="screen">
      <h1>{t('nav.agents')}</h1>
      <p className="muted">{t('agents.intro')}</p>
      <h2>{t('agents.levels')}</h2>
      <p className="muted">{t('agents.levelsHint', { days: levelWindowDays })}</p>
      <DataTable label={t('agents.levels')} data={levels} columns={levelColumns} />
      <h2>{t('agents.inviteBonus')}</h2>
      <p data-testid="invite-bonus">
        {t('agents.inviteBonusIs', { amount: formatRupees(inviteBonus.amount), threshold: formatRupees(inviteBonus.threshold) })}
      </p>
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
