import assert from 'node:assert/strict';
import { AGENT_LEVEL_WINDOW_DAYS } from '@mayur/rules/agent-periods';
import type { Logger } from 'pino';
import type { AgentLevelThreshold } from './agent-env.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Tx } from '../../platform/db/db.ts';
import { startInterval } from '../../platform/leader.ts';
import { HOUSE_SHARD_COUNT, houseAccountId, houseShardPurpose } from '../wallet/accounts.ts';
import { payOut } from '../wallet/ledger.ts';
import { fillValidBets, VALID_BETS_REFUND_GRACE_MS } from '../wallet/valid-bets.ts';
import { decideAgentLevels, type LevelChanges } from './agent-levels.ts';
import { shiftDay, DAY_MS, kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import { findSettingsOn, settingsFromConfig } from './programme-settings.ts';
import { refreshTeamStats, refreshUnfinishedDays } from './refresh-team-stats.ts';

// Kept here too for the callers that knew them from this file.
export { kolkataDay, kolkataDayStartMs };
/** A finished Kolkata day is paid from 01:00 the next day. */
const PAY_HOUR_MS = 3_600_000;
// A day's valid bets are final once the refunds of its stakes stop counting in it; paying it a few
// minutes later than that means every transaction that counts in it has committed.
assert(PAY_HOUR_MS >= VALID_BETS_REFUND_GRACE_MS + 5 * 60_000, 'a day is paid after its valid bets are final');
/** How often the leader looks for a day to pay. */
const CHECK_INTERVAL_MS = 60_000;
/** Days paid per step when catching up, oldest first; the next step goes on. */
export const MAX_DAYS_PER_STEP = 7;

function nextDay(day: string): string {
  return shiftDay(day, 1);
}

/** The newest day whose commission is due at `nowMs`: yesterday from 01:00 Kolkata, else the day before. */
export function latestDueDay(nowMs: number): string {
  return kolkataDay(nowMs - PAY_HOUR_MS - DAY_MS);
}

/** The commission's house account is sharded like the rooms; every shard exists before a day is paid. */
async function openCommissionAccounts(db: Db): Promise<void> {
  for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await houseAccountId(db, houseShardPurpose('commissions', shard));
}

export type DayOutcome = {
  day: string;
  status: 'paid' | 'already_paid';
  agents: number;
  amountPaise: bigint;
  /** Levels changed for this day, when the levels were decided with it. */
  levels?: LevelChanges;
};

/**
 * A member's negative valid bets are carried into their next day with bets rather than dropped, so a
 * refund that came after its stake's day was paid is taken back from what follows (decision 0013):
 * each member of the day adds what they carried, their carry is replaced by the result when it is
 * negative and cleared otherwise. Members without bets that day keep theirs. Three statements.
 */
async function carryNegativeDays(tx: Tx, day: string): Promise<void> {
  await tx.query(
    `update valid_bets v set bets_paise = v.bets_paise + c.carry_paise
     from agent_commission_carry c where c.member_id = v.user_id`,
  );
  await tx.query('delete from agent_commission_carry c using valid_bets v where c.member_id = v.user_id');
  await tx.query(
    `insert into agent_commission_carry (member_id, carry_paise, day)
     select user_id, bets_paise, $1::date from valid_bets where bets_paise < 0`,
    [day],
  );
}

/**
 * Pays one finished Kolkata day's commission, all in one transaction (decision 0013): claim the day
 * (`agent_commission_days`, primary key the day: a second run, another leader or a restarted process
 * finds it taken, or waits for the first and then finds it taken), fill every player's valid bets of
 * that day from the wallet (refunds dated by their stakes) with what each carried from negative days,
 * store one line per agent and team member at depths 1–6 with the rate of the agent's level and the
 * member's depth and floor(bets × rate / 10000), then post one `commission` transfer per agent with a
 * positive total (key `commission:<agent>:<day>`) from the commissions house account to the agent's
 * cash. A few statements whatever the team sizes.
 *
 * With `levelThresholds`, every agent's level is decided first in the same transaction, right after
 * the claim (decision 0014), from the team statistics of the days ending with this one, so the day is
 * paid at the new levels and a day's levels are decided exactly once. Without them (a benchmark, a
 * test on fixed levels) the levels stay as they are.
 */
export async function payCommissionDay(
  db: Db,
  ratesBp: readonly number[][],
  day: string,
  levelThresholds?: readonly AgentLevelThreshold[],
): Promise<DayOutcome> {
  await openCommissionAccounts(db);
  const fromMs = kolkataDayStartMs(day);
  return db.transaction(async (tx) => {
    const claimed = await tx.query(
      'insert into agent_commission_days (day) values ($1::date) on conflict (day) do nothing returning day',
      [day],
    );
    if (claimed.length === 0) return { day, status: 'already_paid', agents: 0, amountPaise: 0n } satisfies DayOutcome;
    const levelChanges = levelThresholds ? await decideAgentLevels(tx, levelThresholds, day) : undefined;
    await fillValidBets(tx, new Date(fromMs), new Date(fromMs + DAY_MS));
    await carryNegativeDays(tx, day);
    const levels: number[] = [];
    const depths: number[] = [];
    const rates: number[] = [];
    ratesBp.forEach((row, level) =>
      row.forEach((rate, index) => {
        levels.push(level);
        depths.push(index + 1);
        rates.push(rate);
      }),
    );
    await tx.query(
      `insert into agent_commission_members (agent_id, day, member_id, depth, bets_paise, rate_bp, amount_paise)
       select t.ancestor_id, $1::date, t.descendant_id, t.depth, v.bets_paise, r.rate_bp, (v.bets_paise * r.rate_bp) / 10000
       from valid_bets v
       join agent_team t on t.descendant_id = v.user_id
       join users a on a.id = t.ancestor_id
       join unnest($2::integer[], $3::integer[], $4::integer[]) as r (level, depth, rate_bp)
         on r.level = least(a.level, $5::integer) and r.depth = t.depth
       where v.bets_paise > 0 and t.depth between 1 and 6 and t.ancestor_id <> t.descendant_id
         and (v.bets_paise * r.rate_bp) / 10000 > 0`,
      [day, levels, depths, rates, ratesBp.length - 1],
    );
    // One payout for the whole day, in the transaction of its claim, so that every account it pays is
    // locked at once (a day of more agents than the wallet's MAX_PAYOUT_ROWS is refused whole, not split).
    const agentTotals = await tx.query<{ agent_id: number; amount_paise: bigint }>(
      'select agent_id, sum(amount_paise)::bigint as amount_paise from agent_commission_members where day = $1::date group by agent_id',
      [day],
    );
    const posted = await payOut(
      { inTransaction: tx },
      {
        housePurpose: 'commissions',
        reason: 'commission',
        rows: agentTotals.map((agent) => ({
          idempotencyKey: `commission:${agent.agent_id}:${day}`,
          userId: agent.agent_id,
          amountPaise: agent.amount_paise,
          reference: `commission-day:${day}`,
        })),
      },
    );
    const [total] = await tx.query<{ amount_paise: bigint }>(
      'select coalesce(sum(amount_paise), 0)::bigint as amount_paise from agent_commission_members where day = $1::date',
      [day],
    );
    return {
      day,
      status: 'paid',
      agents: posted.postedCount,
      amountPaise: total?.amount_paise ?? 0n,
      ...(levelChanges ? { levels: levelChanges } : {}),
    } satisfies DayOutcome;
  });
}

/**
 * One step of the leader's commission clock: pays every due day not paid yet, oldest first, at most
 * `maxDays` of them. The days run from the day after the last paid one; when none was ever paid, the
 * programme starts with the latest due day. Days already taken by another run are skipped.
 * Before a day is paid its team statistics are computed again, now final, with any day of the level
 * window not final yet, so that the levels decided with the day see all of it. The day is levelled and
 * paid under the programme's settings in effect on it (`findSettingsOn`): a change saved while the day
 * ran applies only from the next day, so it cannot touch a day being paid.
 */
export async function payDueCommissions(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  maxDays = MAX_DAYS_PER_STEP,
): Promise<DayOutcome[]> {
  const dueDay = latestDueDay(ctx.clock.now().getTime());
  const [last] = await ctx.db.query<{ day: string | null }>(
    "select to_char(max(day), 'YYYY-MM-DD') as day from agent_commission_days",
  );
  let day = last?.day ? nextDay(last.day) : dueDay;
  const outcomes: DayOutcome[] = [];
  const defaults = settingsFromConfig(ctx.config);
  while (day <= dueDay && outcomes.length < maxDays) {
    await refreshUnfinishedDays(ctx.db, shiftDay(day, 1 - AGENT_LEVEL_WINDOW_DAYS), shiftDay(day, -1), AGENT_LEVEL_WINDOW_DAYS);
    await refreshTeamStats(ctx.db, day);
    const { commissionRatesBp, levelThresholds } = await findSettingsOn(ctx.db, defaults, day);
    outcomes.push(await payCommissionDay(ctx.db, commissionRatesBp, day, levelThresholds));
    day = nextDay(day);
  }
  return outcomes;
}

/** Runs on the clock leader only: every minute, pays the days that are due (01:00 Kolkata, caught up after a restart). */
export function startCommissionClock(ctx: AppContext): () => Promise<void> {
  const log: Logger = ctx.log.child({ component: 'agent-commission' });
  return startInterval(
    CHECK_INTERVAL_MS,
    async () => {
      for (const outcome of await payDueCommissions(ctx))
        if (outcome.status === 'paid')
          log.info(
            {
              day: outcome.day,
              agents: outcome.agents,
              amountPaise: outcome.amountPaise.toString(),
              levelsRaised: outcome.levels?.raised ?? 0,
              levelsLowered: outcome.levels?.lowered ?? 0,
            },
            'daily commission paid',
          );
    },
    log,
  );
}
