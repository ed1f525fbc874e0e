import { useQuery } from '@tanstack/react-query';
import type { TDashboardDay } from '@mayur/contracts/admin';
import { formatMoney, parseMoney } from '@mayur/rules/money';
import { createColumnHelper } from '@tanstack/react-table';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees } from '../../shared/ui/format.ts';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';
import './dashboard.css';

// Charts are a separate chunk: the rest of the console never loads recharts.
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const column = createColumnHelper<TDashboardDay>();
const MONEY_FIELDS = ['deposits', 'withdrawals', 'stakes', 'ggr', 'commissions'] as const;
const COUNT_FIELDS = ['depositCount', 'withdrawalCount', 'betCount', 'activePlayers', 'newPlayers'] as const;
type MoneyField = (typeof MONEY_FIELDS)[number];

/** Signed rupee text ("-40.00" when the house lost) to paise. */
function signedPaise(text: string): bigint {
  const isNegative = text.startsWith('-');
  const paise = parseMoney(isNegative ? text.slice(1) : text) ?? 0n;
  return isNegative ? -paise : paise;
}

/** Sums rupee texts exactly, in paise. */
function sumMoney(days: TDashboardDay[], field: MoneyField): string {
  return formatMoney(days.reduce((sum, day) => sum + signedPaise(day[field]), 0n));
}

export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => adminApi('/dashboard/summary', {}),
    refetchInterval: 60_000,
  });
  const columns = useMemo(
    () => [
      column.accessor('day', { header: t('dashboard.day') }),
      ...MONEY_FIELDS.map((field) =>
        column.accessor(field, { header: t(`dashboard.${field}`), cell: (cell) => formatRupees(cell.getValue()) }),
      ),
      ...COUNT_FIELDS.map((field) => column.accessor(field, { header: t(`dashboard.${field}`) })),
    ],
    [t],
  );
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const data = dashboard.data;
  const today = data.days.at(-1)!;
  const newestFirst = [...data.days].reverse();
  return (
    <section className="screen">
      <h1>{t('nav.dashboard')}</h1>
      <div className="tiles" data-testid="dashboard-queues">
        <Link to="/withdrawals" className="tile">
          <span className="tile-value">{data.openWithdrawals}</span>
          <span>{t('dashboard.openWithdrawals')}</span>
        </Link>
        <Link to="/complaints" className="tile">
          <span className="tile-value">{data.waitingComplaints}</span>
          <span>{t('dashboard.waitingComplaints')}</span>
        </Link>
        <Link to="/adjustments" className="tile">
          <span className="tile-value">{data.pendingAdjustments}</span>
          <span>{t('dashboard.pendingAdjustments')}</span>
        </Link>
      </div>
      <h2>{t('dashboard.todayAndMonth', { day: data.today })}</h2>
      <table className="table figures" aria-label={t('dashboard.todayAndMonth', { day: data.today })}>
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">{t('dashboard.today')}</th>
            <th scope="col">{t('dashboard.last30')}</th>
          </tr>
        </thead>
        <tbody>
          {MONEY_FIELDS.map((field) => (
            <tr key={field}>
              <th scope="row">{t(`dashboard.${field}`)}</th>
              <td>{formatRupees(today[field])}</td>
              <td>{formatRupees(sumMoney(data.days, field))}</td>
            </tr>
          ))}
          {COUNT_FIELDS.map((field) => (
            <tr key={field}>
              <th scope="row">{t(`dashboard.${field}`)}</th>
              <td>{today[field]}</td>
              <td>{field === 'activePlayers' ? '—' : data.days.reduce((sum, day) => sum + day[field], 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Suspense fallback={<Loading />}>
        <DashboardCharts data={data} />
      </Suspense>
      <div className="section-head">
        <h2>{t('dashboard.byDay')}</h2>
        <CsvButton
          fileName={`dashboard-${data.today}.csv`}
          header={['day', ...MONEY_FIELDS, ...COUNT_FIELDS]}
          rows={newestFirst.map((day) => [
            day.day,
            ...MONEY_FIELDS.map((field) => day[field]),
            ...COUNT_FIELDS.map((field) => day[field]),
          ])}
        />
      </div>
      <DataTable label={t('dashboard.byDay')} data={newestFirst} columns={columns} />
      <div className="section-head">
        <h2>{t('dashboard.byGame')}</h2>
        <CsvButton
          fileName={`dashboard-games-${data.today}.csv`}
          header={['day', 'game', 'stakes', 'ggr']}
          rows={data.games.map((row) => [row.day, row.game, row.stakes, row.ggr])}
        />
      </div>
      <table className="table" aria-label={t('dashboard.byGame')}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            <th scope="col">{t('dashboard.game')}</th>
            <th scope="col">{t('dashboard.stakes')}</th>
            <th scope="col">{t('dashboard.ggr')}</th>
          </tr>
        </thead>
        <tbody>
          {[...data.games].reverse().map((row) => (
            <tr key={`${row.day}-${row.game}`}>
              <td>{row.day}</td>
              <td>{row.game}</td>
              <td>{formatRupees(row.stakes)}</td>
              <td>{formatRupees(row.ggr)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('dashboard.note')}</p>
    </section>
  );
}
