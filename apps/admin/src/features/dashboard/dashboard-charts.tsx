import type { TDashboardResponse } from '@mayur/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// The dashboard's charts, loaded only when the dashboard opens (recharts is the console's largest
// library). Amounts arrive as rupee text and are drawn as numbers; the tables beside them keep the text.

const rupees = (text: string) => Number(text);
const COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777'];

export default function DashboardCharts({ data }: { data: TDashboardResponse }) {
  const { t } = useTranslation();
  const days = data.days.map((day) => ({
    day: day.day.slice(5),
    deposits: rupees(day.deposits),
    withdrawals: rupees(day.withdrawals),
    ggr: rupees(day.ggr),
    activePlayers: day.activePlayers,
    newPlayers: day.newPlayers,
  }));
  const games = [...new Set(data.games.map((row) => row.game))].sort();
  const ggrByGame = data.days.map((day) => ({
    day: day.day.slice(5),
    ...Object.fromEntries(
      games.map((game) => [game, rupees(data.games.find((row) => row.day === day.day && row.game === game)?.ggr ?? '0')]),
    ),
  }));
  return (
    <div className="charts" data-testid="dashboard-charts">
      <figure className="chart">
        <figcaption>{t('dashboard.chartMoney')}</figcaption>
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={days}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="deposits" name={t('dashboard.deposits')} stroke={COLOURS[0]} dot={false} />
            <Line type="monotone" dataKey="withdrawals" name={t('dashboard.withdrawals')} stroke={COLOURS[1]} dot={false} />
            <Line type="monotone" dataKey="ggr" name={t('dashboard.ggr')} stroke={COLOURS[2]} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
      <figure className="chart">
        <figcaption>{t('dashboard.chartGames')}</figcaption>
        {games.length === 0 ? (
          <p className="state">{t('dashboard.noStakes')}</p>
        ) : (
          <ResponsiveContainer width="100%" height={240}>
            <BarChart data={ggrByGame}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" />
              <YAxis />
              <Tooltip />
              <Legend />
              {games.map((game, index) => (
                <Bar key={game} dataKey={game} stackId="ggr" fill={COLOURS[index % COLOURS.length]} />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )}
      </figure>
      <figure className="chart">
        <figcaption>{t('dashboard.chartPlayers')}</figcaption>
        <ResponsiveContainer width="100%" height={240}>
          <LineChart data={days}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Line type="monotone" dataKey="activePlayers" name={t('dashboard.activePlayers')} stroke={COLOURS[3]} dot={false} />
            <Line type="monotone" dataKey="newPlayers" name={t('dashboard.newPlayers')} stroke={COLOURS[4]} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
