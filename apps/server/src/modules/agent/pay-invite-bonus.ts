import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { houseAccountId } from '../wallet/accounts.ts';
import type { BonusCredit } from '../wallet/bonus-wagering.ts';
import { findDepositTotalPaise } from '../wallet/player-credits.ts';
import { kolkataDay } from '@mayur/rules/kolkata-day';
import { findInviteBonusOn } from './programme-settings.ts';

/**
 * The server's invite-bonus settings and the wagering the bonus carries (decision 0012, 0009). The
 * amount and threshold are what runs until the programme is changed in the console; after that the
 * version in effect on the deposit's business day decides (decision 0023, `programme-settings.ts`).
 */
export type InviteBonusSettings = {
  /** Paid once per direct subordinate; 0 turns the invite bonus off. */
  amountPaise: bigint;
  /** The subordinate's completed recharges must first add up to this. */
  thresholdPaise: bigint;
  bonusWageringMultiplierX100: bigint;
  /** The clock that says which business day a deposit falls on; the system's when not given. */
  clock?: Clock;
};

export function inviteBonusSettings(
  config: {
    agent: { inviteBonusPaise: bigint; inviteBonusThresholdPaise: bigint };
    bonusWageringMultiplierX100: bigint;
  },
  clock?: Clock,
): InviteBonusSettings {
  return {
    amountPaise: config.agent.inviteBonusPaise,
    thresholdPaise: config.agent.inviteBonusThresholdPaise,
    bonusWageringMultiplierX100: config.bonusWageringMultiplierX100,
    ...(clock ? { clock } : {}),
  };
}

/**
 * The promotions account the bonus comes from, looked up (and created on first use) outside the
 * deposit's transaction: a rolled-back deposit must not leave a cached id behind.
 */
export async function inviteBonusSource(db: Db): Promise<number> {
  return houseAccountId(db, 'promotions');
}

export type InviteBonusOutcome = 'paid' | 'not_due' | 'already_paid' | 'no_inviter' | 'disabled';

/** The invitee's deposits take turns on this advisory lock (with the invitee's id), see below. */
const INVITEE_DEPOSITS_LOCK_SPACE = 7_215_031;

export type DueInviteBonus = { outcome: InviteBonusOutcome; bonusCredits: BonusCredit[] };

/**
 * Decides whether the deposit being credited (`depositPaise`, not posted yet) brings the invitee's
 * completed deposits to the threshold in effect today (the programme's version for the deposit's
 * business day, else the server's settings) with the invite bonus never paid for them; if so, claims
 * it and returns the inviter's bonus credit, which the caller posts in one group with the deposit
 * (decision 0012). The claim is the `agent_invite_bonuses` row: `insert … on conflict do nothing` lets
 * exactly one transaction pay, and the transfer's key `invite-bonus:<invitee>` is a second guard.
 *
 * Nothing of the ledger is locked yet, so the invitee's deposits take turns on an advisory lock named
 * after the invitee before the total is read: of two deposits that reach the threshold together, the
 * second sees the first. Lock order: that lock, the claim row, then (in the posting) the inviter's
 * wagering row, the keys and the accounts — always upwards in the tree, so no two deposits wait on
 * each other in a circle.
 */
export async function claimInviteBonusIfDue(
  tx: Queryable,
  settings: InviteBonusSettings,
  promotionsAccountId: number,
  inviteeId: number,
  depositPaise: bigint,
): Promise<DueInviteBonus> {
  const nowMs = (settings.clock?.now() ?? new Date()).getTime();
  const inEffect = (await findInviteBonusOn(tx, kolkataDay(nowMs))) ?? settings;
  if (inEffect.amountPaise <= 0n) return { outcome: 'disabled', bonusCredits: [] };
  const [invitee] = await tx.query<{ inviter_id: number | null; is_paid: boolean }>(
    `select u.inviter_id, exists (select 1 from agent_invite_bonuses b where b.invitee_id = u.id) as is_paid
     from users u where u.id = $1`,
    [inviteeId],
  );
  if (!invitee?.inviter_id) return { outcome: 'no_inviter', bonusCredits: [] };
  if (invitee.is_paid) return { outcome: 'already_paid', bonusCredits: [] };
  await tx.query('select pg_advisory_xact_lock($1::integer, $2::integer)', [INVITEE_DEPOSITS_LOCK_SPACE, inviteeId]);
  if ((await findDepositTotalPaise(tx, inviteeId)) + depositPaise < inEffect.thresholdPaise)
    return { outcome: 'not_due', bonusCredits: [] };
  const claimed = await tx.query(
    `insert into agent_invite_bonuses (invitee_id, inviter_id, amount_paise, paid_at)
     values ($1, $2, $3, now())
     on conflict (invitee_id) do nothing
     returning invitee_id`,
    [inviteeId, invitee.inviter_id, inEffect.amountPaise],
  );
  if (claimed.length === 0) return { outcome: 'already_paid', bonusCredits: [] };
  // Promotional money: it goes to bonus and must be wagered before it becomes cash (decision 0009).
  const credit: BonusCredit = {
    userId: invitee.inviter_id,
    multiplierX100: settings.bonusWageringMultiplierX100,
    credit: {
      idempotencyKey: `invite-bonus:${inviteeId}`,
      debitAccountId: promotionsAccountId,
      amountPaise: inEffect.amountPaise,
      reason: 'invite_bonus',
      reference: `invitee:${inviteeId}`,
    },
  };
  return { outcome: 'paid', bonusCredits: [credit] };
}
