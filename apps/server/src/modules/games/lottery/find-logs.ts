import type { TGameLogEntry, TLotteryBet } from '@mayur/contracts';
import type { LotteryRoom } from '@mayur/rules/lottery-rooms';
import type { Queryable } from '../../../platform/db/db.ts';
import { toBetView, type BetRow } from './bet-view.ts';
import { toResultView } from './round-result.ts';

type Page = { pageNum: number; pageSize: number };
type Listed<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/** Settled periods of a room, newest first. */
export async function findGameLog(db: Queryable, room: LotteryRoom, page: Page): Promise<Listed<TGameLogEntry>> {
  const rows = await db.query<{ period: string; result_number: number | null; result_digits: number[] | null; settled_at: Date }>(
    `select period, result_number, result_digits, settled_at from lottery_rounds
     where room = $1 and state = 'settled' order by starts_at desc limit $2 offset $3`,
    [room, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [counted] = await db.query<{ total: bigint }>(
    "select count(*) as total from lottery_rounds where room = $1 and state = 'settled'",
    [room],
  );
  return {
    list: rows.map((row) => ({
      period: row.period,
      result: toResultView(row.result_number, row.result_digits),
      openTime: row.settled_at.toISOString(),
    })),
    total: Number(counted?.total ?? 0n),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** The player's own bets in a room, newest first, with the result once settled. */
export async function findUserLog(db: Queryable, userId: number, room: LotteryRoom, page: Page): Promise<Listed<TLotteryBet>> {
  const rows = await db.query<BetRow & { room: string; period: string }>(
    `select b.id, r.room, r.period, b.selection, b.contract_money_paise, b.contract_count, b.stake_paise, b.fee_paise,
            b.delivery_paise, b.created_at, r.state as round_state, r.result_number, r.result_digits
     from lottery_bets b join lottery_rounds r on r.id = b.round_id
     where b.user_id = $1 and r.room = $2 order by b.id desc limit $3 offset $4`,
    [userId, room, page.pageSize, (page.pageNum - 1) * page.pageSize],
  );
  const [counted] = await db.query<{ total: bigint }>(
    'select count(*) as total from lottery_bets b join lottery_rounds r on r.id = b.round_id where b.user_id = $1 and r.room = $2',
    [userId, room],
  );
  return { list: rows.map(toBetView), total: Number(counted?.total ?? 0n), pageNum: page.pageNum, pageSize: page.pageSize };
}
