import { formatMoney } from '@mayur/rules/money';
import { kolkataDay } from '@mayur/rules/kolkata-day';
import type { ProviderSettings } from './providers-env.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { roundKey } from './provider-transactions.ts';

// What a studio may credit is bounded, so that a leaked signing secret (or a studio's bug) cannot mint
// money without limit (decision 0026, "Credit ceilings"): per provider, at most `maxRoundCreditPaise`
// to one player in one round (the round's credits together) and at most `maxPlayerDayCreditPaise` to
// one player in one Kolkata day. A credit that would pass either is refused whole with
// CREDIT_CEILING_REACHED, nothing is kept (the studio may send it again once the operator raised the
// ceiling, or the next day for the daily one), and the refusal is counted for an alert.
//
// Exact under concurrency: a credit batch already holds the locks on its rounds' debits, so no other
// transaction can credit those rounds meanwhile; it then locks its players' rows of the day in
// `provider_credit_days` (in player order, after the debit rows and before the protection rows and
// ledger accounts in every wallet call's lock order) and raises them by what it accepts.

/** A credit of the batch, in arrival order; `claimedId` is its row in provider_transactions, claimed in this transaction. */
export type CeilingCredit = { userId: number; roundId: string; amountPaise: bigint; claimedId: bigint };

/** For each credit, why it is refused (a message for the studio), or null when it fits both ceilings. */
export async function refuseCreditsOverCeilings(
  tx: Queryable,
  provider: ProviderSettings,
  credits: readonly CeilingCredit[],
  now: Date,
): Promise<Array<string | null>> {
  const moving = credits.filter((credit) => credit.amountPaise > 0n);
  if (moving.length === 0) return credits.map(() => null);
  const day = kolkataDay(now.getTime());
  const credited = await lockDayAndReadRounds(tx, provider.id, day, moving);
  const raisedDays = new Map<number, bigint>();
  const refusals = credits.map((credit) => {
    if (credit.amountPaise === 0n) return null;
    const round = roundKey(credit.userId, credit.roundId);
    const inRound = credited.rounds.get(round) ?? 0n;
    if (inRound + credit.amountPaise > provider.maxRoundCreditPaise)
      return `the round's credits would pass the provider's ceiling of ${formatMoney(provider.maxRoundCreditPaise)} per player and round`;
    const inDay = raisedDays.get(credit.userId) ?? credited.days.get(credit.userId) ?? 0n;
    if (inDay + credit.amountPaise > provider.maxPlayerDayCreditPaise)
      return `the player's credits of the day would pass the provider's ceiling of ${formatMoney(provider.maxPlayerDayCreditPaise)} per player and day`;
    credited.rounds.set(round, inRound + credit.amountPaise);
    raisedDays.set(credit.userId, inDay + credit.amountPaise);
    return null;
  });
  await setDayCredits(tx, provider.id, day, raisedDays);
  return refusals;
}

/**
 * One statement: locks (creating when missing) the players' rows of the day, in player order, and
 * reads what each credited round already received, this transaction's own claims left out. Its
 * snapshot is taken after the round's debits were locked, so every earlier credit of these rounds is
 * committed and seen; a day row's value is its latest, read under its lock.
 */
async function lockDayAndReadRounds(
  tx: Queryable,
  providerId: string,
  day: string,
  credits: readonly CeilingCredit[],
): Promise<{ days: Map<number, bigint>; rounds: Map<string, bigint> }> {
  const userIds = [...new Set(credits.map((credit) => credit.userId))].sort((a, b) => a - b);
  const rows = await tx.query<{ user_id: number; round_id: string | null; credited_paise: bigint }>(
    `with day_rows as (
       insert into provider_credit_days (provider_id, user_id, day, credited_paise)
       select $1, u.user_id, $2::date, 0 from unnest($3::integer[]) as u (user_id) order by u.user_id
       on conflict (provider_id, user_id, day) do update set credited_paise = provider_credit_days.credited_paise
       returning user_id, credited_paise
     )
     select user_id, null::text as round_id, credited_paise from day_rows
     union all
     select r.user_id, r.round_id, c.credited_paise
     from unnest($4::integer[], $5::text[]) as r (user_id, round_id)
     cross join lateral (
       select coalesce(sum(t.amount_paise), 0)::bigint as credited_paise from provider_transactions t
       where t.provider_id = $1 and t.round_id = r.round_id and t.user_id = r.user_id and t.kind = 'credit'
         and t.state = 'accepted' and t.id <> all($6::bigint[])
     ) c`,
    [
      providerId,
      day,
      userIds,
      credits.map((credit) => credit.userId),
      credits.map((credit) => credit.roundId),
      credits.map((credit) => credit.claimedId.toString()),
    ],
  );
  const days = new Map<number, bigint>();
  const rounds = new Map<string, bigint>();
  for (const row of rows) {
    if (row.round_id === null) days.set(row.user_id, row.credited_paise);
    else rounds.set(roundKey(row.user_id, row.round_id), row.credited_paise);
  }
  return { days, rounds };
}

async function setDayCredits(tx: Queryable, providerId: string, day: string, totals: ReadonlyMap<number, bigint>): Promise<void> {
  if (totals.size === 0) return;
  await tx.query(
    `update provider_credit_days d set credited_paise = t.credited_paise
     from unnest($3::integer[], $4::bigint[]) as t (user_id, credited_paise)
     where d.provider_id = $1 and d.day = $2::date and d.user_id = t.user_id`,
    [providerId, day, [...totals.keys()], [...totals.values()].map(String)],
  );
}
