import { formatMoney } from '@mayur/rules/money';
import { DAY_MS, KOLKATA_OFFSET_MS } from '@mayur/rules/kolkata-day';
import { DASHBOARD_DAYS, type TDashboardDay, type TDashboardResponse } from '@mayur/contracts/admin';
import type { AppContext } from '../../platform/context.ts';
import { findActivePlayersPerDay, findLedgerDaySums } from '../wallet/ledger-reports.ts';

// The dashboard: today and the 29 days before it, per business day (India time), from the ledger's
// sums (through the wallet's reads) and the players' table, with the queues waiting for someone.
// GGR is stakes and fees less wins and refunds; per game it is the room's stakes less its wins and
// refunds (fees go to the house fees account, not a room).

function dayLabel(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

type Totals = {
  [K in keyof Omit<TDashboardDay, 'day'>]: K extends `${string}Count` | 'activePlayers' | 'newPlayers' ? number : bigint;
};

function emptyTotals(): Totals {
  return {
    deposits: 0n,
    depositCount: 0,
    withdrawals: 0n,
    withdrawalCount: 0,
    stakes: 0n,
    betCount: 0,
    ggr: 0n,
    commissions: 0n,
    activePlayers: 0,
    newPlayers: 0,
  };
}

export async function findDashboard(ctx: AppContext): Promise<TDashboardResponse> {
  const { db } = ctx;
  const today = Math.floor((ctx.clock.now().getTime() + KOLKATA_OFFSET_MS) / DAY_MS);
  const firstDay = today - (DASHBOARD_DAYS - 1);
  const since = new Date(firstDay * DAY_MS - KOLKATA_OFFSET_MS);
  const totals = new Map<number, Totals>();
  for (let day = firstDay; day <= today; day++) totals.set(day, emptyTotals());
  const games = new Map<string, { day: number; game: string; stakes: bigint; ggr: bigint }>();

  for (const row of await findLedgerDaySums(db, since, KOLKATA_OFFSET_MS)) {
    const day = totals.get(row.day);
    if (!day) continue; // a transfer stamped after the app's clock (tests with a clock of their own)
    const gameKey = row.game === null ? null : `${row.day}|${row.game}`;
    if (gameKey && !games.has(gameKey)) games.set(gameKey, { day: row.day, game: row.game!, stakes: 0n, ggr: 0n });
    const game = gameKey ? games.get(gameKey)! : null;
    switch (row.reason) {
      case 'deposit':
        day.deposits += row.amountPaise;
        day.depositCount += row.transfers;
        break;
      case 'withdrawal_paid':
        day.withdrawals += row.amountPaise;
        day.withdrawalCount += row.transfers;
        break;
      case 'bet':
        day.stakes += row.amountPaise;
        day.betCount += row.transfers;
        day.ggr += row.amountPaise;
        if (game) {
          game.stakes += row.amountPaise;
          game.ggr += row.amountPaise;
        }
        break;
      case 'fee':
        day.ggr += row.amountPaise;
        break;
      case 'payout':
      case 'refund':
        day.ggr -= row.amountPaise;
        if (game) game.ggr -= row.amountPaise;
        break;
      case 'commission':
        day.commissions += row.amountPaise;
        break;
    }
  }
  for (const [day, players] of await findActivePlayersPerDay(db, since, KOLKATA_OFFSET_MS)) {
    const totalsOfDay = totals.get(day);
    if (totalsOfDay) totalsOfDay.activePlayers = players;
  }
  const newPlayers = await db.query<{ day: number; players: number }>(
    `select floor((extract(epoch from created_at) * 1000 + $2) / ${DAY_MS})::int as day, count(*)::int as players
     from users where created_at >= $1 group by 1`,
    [since, KOLKATA_OFFSET_MS],
  );
  for (const row of newPlayers) {
    const totalsOfDay = totals.get(row.day);
    if (totalsOfDay) totalsOfDay.newPlayers = row.players;
  }
  const [queues] = await db.query<{ withdrawals: number; complaints: number; adjustments: number }>(
    `select (select count(*)::int from withdrawals where status in ('pending', 'paying')) as withdrawals,
            (select count(*)::int from complaints where status = 'open') as complaints,
            (select count(*)::int from balance_adjustments where status = 'pending') as adjustments`,
  );

  return {
    today: dayLabel(today),
    days: [...totals].map(([day, t]) => ({
      day: dayLabel(day),
      deposits: formatMoney(t.deposits),
      depositCount: t.depositCount,
      withdrawals: formatMoney(t.withdrawals),
      withdrawalCount: t.withdrawalCount,
      stakes: formatMoney(t.stakes),
      betCount: t.betCount,
      ggr: formatMoney(t.ggr),
      commissions: formatMoney(t.commissions),
      activePlayers: t.activePlayers,
      newPlayers: t.newPlayers,
    })),
    games: [...games.values()]
      .sort((a, b) => a.day - b.day || a.game.localeCompare(b.game))
      .map((game) => ({
        day: dayLabel(game.day),
        game: game.game,
        stakes: formatMoney(game.stakes),
        ggr: formatMoney(game.ggr),
      })),
    openWithdrawals: queues!.withdrawals,
    waitingComplaints: queues!.complaints,
    pendingAdjustments: queues!.adjustments,
  };
}
