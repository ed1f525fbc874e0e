import type { Queryable } from '../../platform/db/db.ts';
import { DAY_MS } from '@mayur/rules/kolkata-day';

// Reads of the ledger for the back office: sums per business day for the dashboard and one
// player's transfers for their page. Only the wallet names the ledger's tables; these are its reads.

export type LedgerDayRow = {
  /** Days since 1970-01-01 in the business's time (the offset given). */
  day: number;
  reason: string;
  /** The game room the money moved to or from (room purpose without its shard), else null. */
  game: string | null;
  amountPaise: bigint;
  transfers: number;
};

/**
 * Sums of deposits, paid withdrawals, stakes, fees, wins, refunds and commissions per business day and
 * game room, from `since` on. Read from the transfers by time, so its cost grows with the period's
 * transfers (a month of bets), which a dashboard asks for rarely.
 */
export async function findLedgerDaySums(db: Queryable, since: Date, dayOffsetMs: number): Promise<LedgerDayRow[]> {
  const rows = await db.query<{ day: number; reason: string; game: string | null; amount_paise: bigint; transfers: number }>(
    `select floor((extract(epoch from t.created_at) * 1000 + $2) / ${DAY_MS})::int as day, t.reason,
            case when d.purpose like 'room:%' then split_part(substr(d.purpose, 6), '#', 1)
                 when c.purpose like 'room:%' then split_part(substr(c.purpose, 6), '#', 1) end as game,
            sum(t.amount_paise)::bigint as amount_paise, count(*)::int as transfers
     from ledger_transfers t
     join ledger_accounts d on d.id = t.debit_account_id
     join ledger_accounts c on c.id = t.credit_account_id
     where t.created_at >= $1 and t.reason in ('deposit', 'withdrawal_paid', 'bet', 'fee', 'payout', 'refund', 'commission')
     group by 1, 2, 3`,
    [since, dayOffsetMs],
  );
  return rows.map((row) => ({
    day: row.day,
    reason: row.reason,
    game: row.game,
    amountPaise: row.amount_paise,
    transfers: row.transfers,
  }));
}

/** Players who staked at least once, per business day, from `since` on. */
export async function findActivePlayersPerDay(db: Queryable, since: Date, dayOffsetMs: number): Promise<Map<number, number>> {
  const rows = await db.query<{ day: number; players: number }>(
    `select floor((extract(epoch from t.created_at) * 1000 + $2) / ${DAY_MS})::int as day, count(distinct d.user_id)::int as players
     from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
     where t.created_at >= $1 and t.reason = 'bet' and d.user_id is not null
     group by 1`,
    [since, dayOffsetMs],
  );
  return new Map(rows.map((row) => [row.day, row.players]));
}

export const PLAYER_TRANSFER_REASONS = {
  all: null,
  games: ['bet', 'fee', 'payout', 'refund'],
  payments: ['deposit', 'withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected'],
  adjustments: ['adjustment'],
} as const satisfies Record<string, readonly string[] | null>;

export type PlayerTransferRow = {
  id: bigint;
  createdAt: Date;
  reason: string;
  account: string;
  amountPaise: bigint;
  balanceAfterPaise: bigint;
  counterparty: string;
  reference: string | null;
};

/** One player's entries (cash and bonus), newest first, through the entries' account index. */
export async function findPlayerTransfers(
  db: Queryable,
  userId: number,
  kind: keyof typeof PLAYER_TRANSFER_REASONS,
  page: { limit: number; offset: number },
): Promise<{ list: PlayerTransferRow[]; total: number }> {
  const reasons = PLAYER_TRANSFER_REASONS[kind];
  const filter = `from ledger_accounts a
     join ledger_entries e on e.account_id = a.id
     join ledger_transfers t on t.id = e.transfer_id
     where a.user_id = $1 and ($2::text[] is null or t.reason = any($2::text[]))`;
  const [count] = await db.query<{ total: number }>(`select count(*)::int as total ${filter}`, [userId, reasons]);
  const rows = await db.query<{
    id: bigint;
    created_at: Date;
    reason: string;
    account: string;
    amount_paise: bigint;
    balance_after_paise: bigint;
    counterparty: string;
    reference: string | null;
  }>(
    `select t.id, t.created_at, t.reason, a.kind as account, e.amount_paise, e.balance_after_paise, t.reference,
            (select coalesce(o.purpose, o.kind) from ledger_accounts o
             where o.id = case when t.debit_account_id = a.id then t.credit_account_id else t.debit_account_id end) as counterparty
     ${filter} order by e.transfer_id desc, a.kind limit $3 offset $4`,
    [userId, reasons, page.limit, page.offset],
  );
  return {
    total: count!.total,
    list: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      reason: row.reason,
      account: row.account,
      amountPaise: row.amount_paise,
      balanceAfterPaise: row.balance_after_paise,
      counterparty: row.counterparty,
      reference: row.reference,
    })),
  };
}

export type PlayerGameSums = {
  userId: number;
  /** Stakes and fees the player's accounts paid into the games, less refunds. */
  stakesPaise: bigint;
  /** Payouts from the games into the player's accounts. */
  winsPaise: bigint;
  bets: number;
  largestWinPaise: bigint;
};

/** What makes a player's game sums worth a look (every figure "at least"); a player meeting any one is returned. */
export type UnusualWinRules = {
  netWinPaise: bigint;
  /** Wins as hundredths of a percent of stakes (30000 = 300 %), over stakes of at least `returnMinStakesPaise`. */
  returnBp: bigint;
  returnMinStakesPaise: bigint;
  /** One win of at least this many times the player's average stake, and at least `singleWinMinPaise`. */
  singleWinMultiple: bigint;
  singleWinMinPaise: bigint;
};

/**
 * Per player, their game stakes (bets and fees less refunds), wins (payouts), number of bets and
 * largest single win since `since`, for the players whose sums meet any of `rules`, largest net win
 * first, at most `limit`. One grouped read of the period's game transfers by time (like the
 * dashboard's), for a screen an operator opens.
 */
export async function findUnusualGameSums(
  db: Queryable,
  since: Date,
  rules: UnusualWinRules,
  limit: number,
): Promise<PlayerGameSums[]> {
  const rows = await db.query<{
    user_id: number;
    stakes_paise: bigint;
    wins_paise: bigint;
    bets: number;
    largest_win_paise: bigint;
  }>(
    `with sums as (
       select a.user_id,
              (coalesce(sum(t.amount_paise) filter (where t.reason in ('bet', 'fee')), 0)
                 - coalesce(sum(t.amount_paise) filter (where t.reason = 'refund'), 0))::bigint as stakes_paise,
              coalesce(sum(t.amount_paise) filter (where t.reason = 'payout'), 0)::bigint as wins_paise,
              count(*) filter (where t.reason = 'bet')::integer as bets,
              coalesce(max(t.amount_paise) filter (where t.reason = 'payout'), 0)::bigint as largest_win_paise
       from ledger_transfers t
       join ledger_accounts a on a.id = case when t.reason in ('bet', 'fee') then t.debit_account_id else t.credit_account_id end
       where t.created_at >= $1 and t.reason in ('bet', 'fee', 'refund', 'payout') and a.user_id is not null
       group by a.user_id
     )
     select user_id, stakes_paise, wins_paise, bets, largest_win_paise from sums
     where wins_paise - stakes_paise >= $2
        or (stakes_paise >= $4 and wins_paise * 10000 >= stakes_paise * $3)
        or (bets > 0 and largest_win_paise >= $6 and largest_win_paise * bets >= stakes_paise * $5)
     order by wins_paise - stakes_paise desc, user_id
     limit $7`,
    [
      since,
      rules.netWinPaise,
      rules.returnBp,
      rules.returnMinStakesPaise,
      rules.singleWinMultiple,
      rules.singleWinMinPaise,
      limit,
    ],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    stakesPaise: BigInt(row.stakes_paise),
    winsPaise: BigInt(row.wins_paise),
    bets: row.bets,
    largestWinPaise: BigInt(row.largest_win_paise),
  }));
}
