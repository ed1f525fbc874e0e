import { type TActivityMonth, type TActivityStatement, type TSessionResult } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findGameResultSince, findMonthlyActivity } from '../wallet/activity-statement.ts';

/** How far back a session's result may be asked for. */
const SESSION_MAX_AGE_MS = 7 * 24 * 3_600_000;

/** The reality check's figures: stakes, wins and their difference since the app's session began. */
export async function findSessionResult(ctx: AppContext, userId: number, since: Date): Promise<TSessionResult> {
  const now = ctx.clock.now();
  if (since.getTime() > now.getTime() || now.getTime() - since.getTime() > SESSION_MAX_AGE_MS)
    throw new AppError('DATE_RANGE_INVALID', `session start ${since.toISOString()}`, { field: 'since' });
  const result = await findGameResultSince(ctx.db, userId, since);
  return {
    since: since.toISOString(),
    serverTime: now.toISOString(),
    bets: formatMoney(result.betsPaise),
    wins: formatMoney(result.winsPaise),
    netResult: formatMoney(result.winsPaise - result.betsPaise),
  };
}

/** `YYYY-MM` of the Kolkata month `back` months before the one containing `nowMs`. */
function monthBefore(nowMs: number, back: number): string {
  const [year, month] = kolkataDay(nowMs).split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const CSV_HEADER = 'month,deposits,withdrawals,bets,wins,net_result';

/**
 * The last `months` Kolkata calendar months, this one included, newest first, every month present
 * (zeros when nothing moved); the CSV has the same rows, amounts as plain two-decimal numbers.
 */
export async function findActivityStatement(ctx: AppContext, userId: number, months: number): Promise<TActivityStatement> {
  const nowMs = ctx.clock.now().getTime();
  const oldest = monthBefore(nowMs, months - 1);
  const activity = await findMonthlyActivity(ctx.db, userId, new Date(kolkataDayStartMs(`${oldest}-01`)));
  const byMonth = new Map(activity.map((row) => [row.month, row]));
  const rows: TActivityMonth[] = Array.from({ length: months }, (_, back) => {
    const month = monthBefore(nowMs, back);
    const found = byMonth.get(month);
    const bets = found?.betsPaise ?? 0n;
    const wins = found?.winsPaise ?? 0n;
    return {
      month,
      deposits: formatMoney(found?.depositsPaise ?? 0n),
      withdrawals: formatMoney(found?.withdrawalsPaise ?? 0n),
      bets: formatMoney(bets),
      wins: formatMoney(wins),
      netResult: formatMoney(wins - bets),
    };
  });
  const csv = [
    CSV_HEADER,
    ...rows.map((row) => [row.month, row.deposits, row.withdrawals, row.bets, row.wins, row.netResult].join(',')),
  ]
    .join('\r\n')
    .concat('\r\n');
  return { months: rows, csv, fileName: `mayur-activity-${oldest}-to-${rows[0]!.month}.csv` };
}
