import { type TComplaintRecord } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import type { Queryable } from '../../platform/db/db.ts';

/** Records of each kind offered to pick from: enough to find a recent problem, few enough for one screen. */
export const RECORDS_PER_KIND = 10;

type RecordRow = { id: string; amount_paise: bigint; status: string; detail: string; created_at: Date };

/**
 * `/user/findComplaintRecords`: the player's latest recharges, withdrawals, lottery bets and crash
 * bets, newest first, each read by the player's own index, for the complaint form's reference picker.
 */
export async function findComplaintRecords(db: Queryable, userId: number): Promise<{ list: TComplaintRecord[] }> {
  const [recharges, withdrawals, lotteryBets, crashBets] = await Promise.all([
    db.query<RecordRow>(
      `select order_no as id, amount_paise, status, method as detail, created_at
       from deposit_orders d where d.user_id = $1 order by d.id desc limit $2`,
      [userId, RECORDS_PER_KIND],
    ),
    db.query<RecordRow>(
      `select withdraw_no as id, amount_paise, status, account_kind as detail, created_at
       from withdrawals w where w.user_id = $1 order by w.id desc limit $2`,
      [userId, RECORDS_PER_KIND],
    ),
    db.query<RecordRow>(
      `select b.id::text as id, b.stake_paise as amount_paise, r.state as status,
              r.room || ' · ' || r.period || ' · ' || b.selection as detail, b.created_at
       from lottery_bets b join lottery_rounds r on r.id = b.round_id
       where b.user_id = $1 order by b.id desc limit $2`,
      [userId, RECORDS_PER_KIND],
    ),
    db.query<RecordRow>(
      `select id::text as id, stake_paise as amount_paise, status, room as detail, created_at
       from crash_bets b where b.user_id = $1 order by b.id desc limit $2`,
      [userId, RECORDS_PER_KIND],
    ),
  ]);
  const tagged = [
    ...recharges.map((row) => ({ kind: 'recharge' as const, row })),
    ...withdrawals.map((row) => ({ kind: 'withdrawal' as const, row })),
    ...lotteryBets.map((row) => ({ kind: 'lottery' as const, row })),
    ...crashBets.map((row) => ({ kind: 'crash' as const, row })),
  ];
  tagged.sort((a, b) => b.row.created_at.getTime() - a.row.created_at.getTime());
  return {
    list: tagged.map(({ kind, row }) => ({
      kind,
      id: row.id,
      amount: formatMoney(row.amount_paise),
      status: row.status,
      detail: row.detail,
      createTime: row.created_at.toISOString(),
    })),
  };
}
