import { formatMoney } from '@mayur/rules/money';
import type { Db, Queryable } from '../../platform/db/db.ts';

export type LedgerReport = {
  accountCount: number;
  transferCount: number;
  totalBalancePaise: bigint;
  playerBalancePaise: bigint;
  houseBalancePaise: bigint;
  violations: string[];
};

const VIOLATION_SAMPLE = 20;

/**
 * Proves the ledger's invariants from the rows themselves: all balances sum to zero; every balance
 * equals the sum of its entries; every transfer has exactly its two entries, balanced; no player
 * account is negative. Everything is read in one repeatable-read snapshot, so a check that runs while
 * the server takes bets sees one consistent moment.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    return readLedger(tx);
  });
}

async function readLedger(db: Queryable): Promise<LedgerReport> {
  const violations: string[] = [];
  const [totals] = await db.query<{
    accounts: bigint;
    transfers: bigint;
    total: bigint | null;
    players: bigint | null;
    house: bigint | null;
  }>(
    `select (select count(*) from ledger_accounts) as accounts,
            (select count(*) from ledger_transfers) as transfers,
            (select sum(balance_paise)::bigint from ledger_accounts) as total,
            (select sum(balance_paise)::bigint from ledger_accounts where kind <> 'house') as players,
            (select sum(balance_paise)::bigint from ledger_accounts where kind = 'house') as house`,
  );
  const totalBalancePaise = totals?.total ?? 0n;
  if (totalBalancePaise !== 0n) violations.push(`balances sum to ${formatMoney(totalBalancePaise)}, not 0.00`);

  const drifted = await db.query<{ id: number; balance_paise: bigint; entries: bigint }>(
    `select a.id, a.balance_paise, coalesce(e.total, 0) as entries
     from ledger_accounts a
     left join (select account_id, sum(amount_paise)::bigint as total from ledger_entries group by account_id) e on e.account_id = a.id
     where a.balance_paise <> coalesce(e.total, 0)
     order by a.id limit $1`,
    [VIOLATION_SAMPLE],
  );
  for (const row of drifted) {
    violations.push(
      `account ${row.id}: balance ${formatMoney(row.balance_paise)} but its entries sum to ${formatMoney(row.entries)}`,
    );
  }

  const unbalanced = await db.query<{ id: bigint; entries: bigint; total: bigint | null }>(
    `select t.id, count(e.transfer_id) as entries, sum(e.amount_paise)::bigint as total
     from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
     group by t.id, t.amount_paise, t.debit_account_id, t.credit_account_id
     having count(e.transfer_id) <> 2 or coalesce(sum(e.amount_paise), 1) <> 0
        or coalesce(sum(e.amount_paise) filter (where e.account_id = t.credit_account_id), 0) <> t.amount_paise
     order by t.id limit $1`,
    [VIOLATION_SAMPLE],
  );
  for (const row of unbalanced)
    violations.push(`transfer ${row.id}: ${row.entries} entries summing to ${formatMoney(row.total ?? 0n)}`);

  // The database checks each posting statement's references as it runs (migration 0034, in place of
  // row-by-row foreign keys); this proves the rows as stored, those from before that migration too.
  const orphans = await db.query<{ what: string; id: bigint }>(
    `(select 'transfer' as what, t.id from ledger_transfers t
      where not exists (select 1 from ledger_accounts a where a.id = t.debit_account_id)
         or not exists (select 1 from ledger_accounts a where a.id = t.credit_account_id)
      order by t.id limit $1)
     union all
     (select 'entry of transfer', e.transfer_id from ledger_entries e
      where not exists (select 1 from ledger_transfers t where t.id = e.transfer_id)
         or not exists (select 1 from ledger_accounts a where a.id = e.account_id)
      order by e.transfer_id limit $1)`,
    [VIOLATION_SAMPLE],
  );
  for (const row of orphans) violations.push(`${row.what} ${row.id} names an account or transfer that does not exist`);

  const negative = await db.query<{ id: number; balance_paise: bigint }>(
    "select id, balance_paise from ledger_accounts where kind <> 'house' and balance_paise < 0 order by id limit $1",
    [VIOLATION_SAMPLE],
  );
  for (const row of negative) violations.push(`player account ${row.id} is negative: ${formatMoney(row.balance_paise)}`);

  return {
    accountCount: Number(totals?.accounts ?? 0n),
    transferCount: Number(totals?.transfers ?? 0n),
    totalBalancePaise,
    playerBalancePaise: totals?.players ?? 0n,
    houseBalancePaise: totals?.house ?? 0n,
    violations,
  };
}

export function formatLedgerReport(report: LedgerReport): string[] {
  return [
    `accounts: ${report.accountCount}`,
    `transfers: ${report.transferCount}`,
    `player balances: ${formatMoney(report.playerBalancePaise)}`,
    `house balances: ${formatMoney(report.houseBalancePaise)}`,
    `sum of all balances: ${formatMoney(report.totalBalancePaise)}`,
    report.violations.length === 0
      ? 'ledger OK: balanced, every balance equals its entries, no player account negative'
      : `VIOLATIONS (${report.violations.length} shown):`,
    ...report.violations.map((violation) => `  - ${violation}`),
  ];
}
