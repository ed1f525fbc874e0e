import type { Db } from '../../apps/server/src/platform/db/db.ts';

const GUARDS = {
  accounts: 'alter table ledger_transfers disable trigger ledger_transfers_accounts_exist',
  entries: 'alter table ledger_entries disable trigger ledger_entries_balanced',
};

/**
 * With BENCH_LEDGER_GUARDS=off (or `accounts`, or `entries`: that one only), switches the database's
 * posting guards (the per-statement checks of migration 0034) off in a bench's scratch database, so
 * that a bench can measure what they cost.
 */
export async function switchOffLedgerGuardsIfAsked(db: Db): Promise<void> {
  const asked = process.env.BENCH_LEDGER_GUARDS;
  if (asked === undefined || asked === 'on') return;
  const off = asked === 'off' ? Object.keys(GUARDS) : [asked];
  for (const guard of off) {
    const statement = GUARDS[guard as keyof typeof GUARDS];
    if (!statement) throw new Error(`BENCH_LEDGER_GUARDS must be on, off, accounts or entries, not ${asked}`);
    await db.query(statement);
  }
  console.log(`ledger guards switched off: ${off.join(', ')} (BENCH_LEDGER_GUARDS=${asked}), to measure what they cost`);
}
