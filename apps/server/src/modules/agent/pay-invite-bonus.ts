import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { houseAccountId } from '../wallet/accounts.ts';
import { postBonusCredit } from '../wallet/bonus-wagering.ts';
import { findDepositTotalPaise } from '../wallet/player-credits.ts';
import { kolkataDay } from './kolkata-days.ts';
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

/**
 * Pays the inviter of `inviteeId` the invite bonus if the invitee's completed deposits have now
 * reached the threshold in effect today (the programme's version for the deposit's business day, else
 * the server's settings) and it was never paid for them. Runs in the transaction that credited the
 * deposit, after the credit (which holds the invitee's cash row, so the invitee's deposits take turns
 * here). The claim is the `agent_invite_bonuses` row: `insert … on conflict do nothing` lets exactly one
 * transaction pay, and the transfer's key `invite-bonus:<invitee>` is a second guard. Lock order after
 * the invitee's accounts: the claim row, then the inviter's wagering row, then the promotions and
 * inviter's bonus accounts (in id order) — always upwards in the tree, so no two deposits wait on
 * each other in a circle.
 */
export async function payInviteBonusIfDue(
  tx: Queryable,
  settings: InviteBonusSettings,
  promotionsAccountId: number,
  inviteeId: number,
): Promise<InviteBonusOutcome> {
  const nowMs = (settings.clock?.now() ?? new Date()).getTime();
  const inEffect = (await findInviteBonusOn(tx, kolkataDay(nowMs))) ?? settings;
  if (inEffect.amountPaise <= 0n) return 'disabled';
  const [invitee] = await tx.query<{ inviter_id: number | null; is_paid: boolean }>(
    `select u.inviter_id, exists (select 1 from agent_invite_bonuses b where b.invitee_id = u.id) as is_paid
     from users u where u.id = $1`,
    [inviteeId],
  );
  if (!invitee?.inviter_id) return 'no_inviter';
  if (invitee.is_paid) return 'already_paid';
  if ((await findDepositTotalPaise(tx, inviteeId)) < inEffect.thresholdPaise) return 'not_due';
  const claimed = await tx.query(
    `insert into agent_invite_bonuses (invitee_id, inviter_id, amount_paise, paid_at)
     values ($1, $2, $3, now())
     on conflict (invitee_id) do nothing
     returning invitee_id`,
    [inviteeId, invitee.inviter_id, inEffect.amountPaise],
  );
  if (claimed.length === 0) return 'already_paid';
  // Promotional money: it goes to bonus and must be wagered before it becomes cash (decision 0009).
  await postBonusCredit(tx, settings.bonusWageringMultiplierX100, invitee.inviter_id, {
    idempotencyKey: `invite-bonus:${inviteeId}`,
    debitAccountId: promotionsAccountId,
    amountPaise: inEffect.amountPaise,
    reason: 'invite_bonus',
    reference: `invitee:${inviteeId}`,
  });
  return 'paid';
}
