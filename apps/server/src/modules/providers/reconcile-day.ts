import { formatMoney } from '@mayur/rules/money';
import { kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import { DAY_MS } from '@mayur/rules/kolkata-day';
import type { ProviderSettings } from './providers-env.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { ReportTransaction } from './adapters/provider-adapter.ts';

// Reconciliation with a studio: one provider's Kolkata day, our accepted transactions against the
// studio's report, line by line by the studio's transaction id, with the totals of each side.

export type Mismatch = {
  transactionId: string;
  problem: 'missing at the studio' | 'missing here' | 'different';
  ours: ReportTransaction | null;
  theirs: ReportTransaction | null;
};

export type Reconciliation = {
  providerId: string;
  day: string;
  ours: { count: number; totals: Record<ReportTransaction['kind'], bigint> };
  theirs: { count: number; totals: Record<ReportTransaction['kind'], bigint> };
  mismatches: Mismatch[];
};

/** Our side of a day: every debit, credit and rollback the studio sent that we kept (not the placeholders). */
export async function findOurDay(db: Queryable, providerId: string, day: string): Promise<ReportTransaction[]> {
  const startMs = kolkataDayStartMs(day);
  const rows = await db.query<{
    transaction_id: string;
    kind: ReportTransaction['kind'];
    round_id: string;
    user_id: number;
    amount_paise: bigint;
  }>(
    `select transaction_id, kind, round_id, user_id, amount_paise from provider_transactions
     where provider_id = $1 and created_at >= $2 and created_at < $3 and state <> 'never_received'
     order by id`,
    [providerId, new Date(startMs), new Date(startMs + DAY_MS)],
  );
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    kind: row.kind,
    roundId: row.round_id,
    playerId: row.user_id,
    amountPaise: row.amount_paise,
  }));
}

function totals(lines: readonly ReportTransaction[]): Record<ReportTransaction['kind'], bigint> {
  const sums = { debit: 0n, credit: 0n, rollback: 0n };
  for (const line of lines) sums[line.kind] += line.amountPaise;
  return sums;
}

const isSame = (a: ReportTransaction, b: ReportTransaction) =>
  a.kind === b.kind && a.roundId === b.roundId && a.playerId === b.playerId && a.amountPaise === b.amountPaise;

export function reconcile(
  providerId: string,
  day: string,
  ours: ReportTransaction[],
  theirs: ReportTransaction[],
): Reconciliation {
  const theirsById = new Map(theirs.map((line) => [line.transactionId, line]));
  const oursById = new Map(ours.map((line) => [line.transactionId, line]));
  const mismatches: Mismatch[] = [];
  for (const line of ours) {
    const other = theirsById.get(line.transactionId);
    if (!other)
      mismatches.push({ transactionId: line.transactionId, problem: 'missing at the studio', ours: line, theirs: null });
    else if (!isSame(line, other))
      mismatches.push({ transactionId: line.transactionId, problem: 'different', ours: line, theirs: other });
  }
  for (const line of theirs) {
    if (!oursById.has(line.transactionId))
      mismatches.push({ transactionId: line.transactionId, problem: 'missing here', ours: null, theirs: line });
  }
  return {
    providerId,
    day,
    ours: { count: ours.length, totals: totals(ours) },
    theirs: { count: theirs.length, totals: totals(theirs) },
    mismatches,
  };
}

const describe = (line: ReportTransaction | null) =>
  line ? `${line.kind} ${formatMoney(line.amountPaise)} round ${line.roundId} player ${line.playerId}` : '—';

export function formatReconciliation(result: Reconciliation): string[] {
  const sums = (side: Reconciliation['ours']) =>
    `${side.count} transactions: debits ${formatMoney(side.totals.debit)}, credits ${formatMoney(side.totals.credit)}, rollbacks ${formatMoney(side.totals.rollback)}`;
  return [
    `provider ${result.providerId}, day ${result.day} (Asia/Kolkata)`,
    `  ours:   ${sums(result.ours)}`,
    `  studio: ${sums(result.theirs)}`,
    result.mismatches.length === 0 ? '  no mismatch' : `  ${result.mismatches.length} mismatch(es):`,
    ...result.mismatches.map(
      (m) => `    ${m.transactionId}: ${m.problem} — ours: ${describe(m.ours)}; studio: ${describe(m.theirs)}`,
    ),
  ];
}

export function yesterday(nowMs: number): string {
  return kolkataDay(nowMs - DAY_MS);
}

export type ReconcileProvider = ProviderSettings;
