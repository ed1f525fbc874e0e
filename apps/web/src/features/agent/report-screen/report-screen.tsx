import { agentRangeProblem, type AgentDayRange } from '@mayur/rules/agent-periods';
import { kolkataDay } from '@mayur/rules/kolkata-day';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import shared from '../components/agent-screens.module.css';
import { DateRangeFields } from '../components/date-range-fields.tsx';
import { formatDay, formatInterval } from '../components/format-agent.ts';
import { AgentFiguresCard, AgentFiguresSkeleton } from './agent-figures.tsx';
import { REPORT_PERIODS, reportSearchParams, reportSelection, type ReportPeriod } from './report-period.ts';
import styles from './report-screen.module.css';
import { TeamChart } from './team-chart.tsx';
import { useAgentReport } from './use-agent-report.ts';

function PeriodChips({ value, onValueChange }: { value: ReportPeriod; onValueChange: (period: ReportPeriod) => void }) {
  const { t } = useTranslation('agent');
  return (
    <div
      className={`${shared.chips} ${shared.chipsWrap}`}
      role="group"
      aria-label={t('agent.report.periodLabel')}
      data-testid="report-periods"
    >
      {REPORT_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          className={shared.chip}
          aria-pressed={period === value}
          onClick={() => onValueChange(period)}
          data-testid={`report-period-${period}`}
        >
          {t(`agent.report.periods.${period}`)}
        </button>
      ))}
    </div>
  );
}

/** Two days and a button; the range is checked by the contracts' rule before anything is asked. */
function CustomRangeForm({
  initial,
  today,
  isInvalidInAddress,
  onApply,
}: {
  initial: AgentDayRange;
  today: string;
  isInvalidInAddress: boolean;
  onApply: (range: AgentDayRange) => void;
}) {
  const { t } = useTranslation('agent');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [isInvalid, setIsInvalid] = useState(isInvalidInAddress);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = agentRangeProblem({ from, to }, today);
    setIsInvalid(problem !== null);
    if (problem === null) onApply({ from, to });
  };
  return (
    <form className={shared.card} onSubmit={submit} noValidate data-testid="report-custom-range">
      <DateRangeFields
        from={from}
        to={to}
        maxDay={today}
        isInvalid={isInvalid}
        errorId="report-range-error"
        onFromChange={setFrom}
        onToChange={setTo}
      />
      <Button type="submit" isSmall>
        {t('agent.report.apply')}
      </Button>
    </form>
  );
}

function UpdatedNote({ refreshedAt, intervalSeconds }: { refreshedAt: string | null; intervalSeconds: number }) {
  const { t, i18n } = useTranslation('agent');
  return (
    <p className={`${shared.muted} ${styles.updated}`} data-testid="report-updated">
      {refreshedAt
        ? t('agent.report.updatedAt', { time: formatDateTime(refreshedAt, i18n.language) })
        : t('agent.report.notUpdated')}{' '}
      {t('agent.report.refreshEvery', { interval: formatInterval(intervalSeconds, i18n.language) })}
    </p>
  );
}

/** `/star/report`: the team's statistics for a period of Kolkata days, direct and whole team, with a daily chart. */
export function ReportScreen() {
  const { t, i18n } = useTranslation('agent');
  const [searchParams, setSearchParams] = useSearchParams();
  // "Today" is the Kolkata day when the screen opened; a player who keeps it open past midnight reopens it.
  const [nowMs] = useState(() => Date.now());
  const today = kolkataDay(nowMs);
  const selection = reportSelection(searchParams, nowMs);
  const report = useAgentReport(selection.range, today);
  const data = report.data;
  const monthRange = reportSelection(new URLSearchParams('period=month'), nowMs).range!;

  const choosePeriod = (period: ReportPeriod) => {
    const custom = period === 'custom' ? (selection.range ?? monthRange) : undefined;
    setSearchParams(reportSearchParams(period, custom), { replace: true });
  };

  const shownRange = selection.range;
  let content;
  if (!shownRange) {
    content = null;
  } else if (report.isPending) {
    content = (
      <div className={styles.results} role="status" data-testid="report-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        <AgentFiguresSkeleton />
      </div>
    );
  } else if (!data) {
    content = (
      <div className={shared.card}>
        <LoadError onRetry={() => void report.refetch()} />
      </div>
    );
  } else {
    content = (
      <div className={styles.results} aria-busy={report.isPlaceholderData} data-stale={report.isPlaceholderData}>
        <p className={styles.rangeCaption} data-testid="report-range">
          {data.from === data.to
            ? formatDay(data.from, i18n.language)
            : t('agent.report.rangeCaption', {
                from: formatDay(data.from, i18n.language),
                to: formatDay(data.to, i18n.language),
              })}
        </p>
        <AgentFiguresCard scope="direct" figures={data.direct} />
        <AgentFiguresCard scope="team" figures={data.team} />
        <section className={shared.card}>
          <TeamChart days={data.days} totalDeposits={data.team.rechargeAmount} totalBets={data.team.teamBetAmount} />
        </section>
        <UpdatedNote refreshedAt={data.refreshedAt} intervalSeconds={data.refreshIntervalSeconds} />
      </div>
    );
  }

  return (
    <div className={shared.screen}>
      <PeriodChips value={selection.period} onValueChange={choosePeriod} />
      {selection.period === 'custom' && (
        <CustomRangeForm
          key={`${selection.customFrom}|${selection.customTo}`}
          initial={selection.range ?? { from: selection.customFrom || monthRange.from, to: selection.customTo || today }}
          today={today}
          isInvalidInAddress={selection.isRangeInvalid}
          onApply={(range) => setSearchParams(reportSearchParams('custom', range), { replace: true })}
        />
      )}
      {content}
    </div>
  );
}
