import type { Clock } from '../../../platform/clock.ts';
import type { Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { isAboveSingleApproval, type ApprovalRules } from '../../approvals/approval-rules.ts';
import type { Approver } from '../../approvals/approver.ts';
import { assertDidNotFundPlayer, assertNotCoolingPair } from '../../approvals/approver-rules.ts';
import { takeSingleApprovalAllowance } from '../../approvals/single-approval-allowance.ts';
import { Refusal } from '../../../platform/refusal.ts';
import {
  claimForPayout,
  findWithdrawalToDecide,
  sendClaimedPayout,
  type ApprovalOutcome,
  type DecisionContext,
} from './decide-withdrawal.ts';

// Maker-checker on withdrawals, for every way an operator approves one (the console's
// /withdrawals/approve and the CLI's withdraw:approve). Each approval is recorded once per approver
// under the withdrawal's row lock, and the payout starts, in the same transaction, only when:
// - two different approvers have approved it (whatever its amount); or
// - it is at or below ADMIN_SECOND_APPROVAL_ABOVE_RUPEES and fits in what is left of today's
//   single-approval allowance of both this approver and this player (approvals/single-approval-allowance.ts),
//   so splitting a sum into small withdrawals does not get past the second person.
// Nobody approves a withdrawal of money they put into the player's account, and the second approver
// and the first must not be freshly bound by creating or resetting accounts (approvals/approver-rules.ts).
// The payout's own guarded pending → paying UPDATE still decides every race, so a withdrawal is paid
// once however many approvals arrive together.

export type { Approver } from '../../approvals/approver.ts';

export type CheckedApproval = Omit<ApprovalOutcome, 'status'> & {
  status: ApprovalOutcome['status'] | 'awaitingSecondApproval';
  approvals: number;
};

type Decision = { approvals: number; isPaying: boolean; detail: string };

/** Records the approval and decides whether it pays, all in the caller's transaction under the row lock. */
async function decide(
  tx: Queryable,
  withdrawal: { id: bigint; user_id: number; amount_paise: bigint },
  approver: Approver,
  rules: ApprovalRules & { nowMs: number },
): Promise<Decision> {
  const [locked] = await tx.query<{ status: string }>('select status from withdrawals where id = $1 for update', [withdrawal.id]);
  if (locked!.status !== 'pending') throw new AppError('ORDER_CLOSED', `withdrawal is ${locked!.status}`);
  const earlier = await tx.query<{ approver: string; operator_id: string | null }>(
    'select approver, operator_id::text as operator_id from withdrawal_approvals where withdrawal_id = $1 order by created_at, approver',
    [withdrawal.id],
  );
  if (earlier.some((row) => row.approver === approver.key))
    throw new Refusal('APPROVAL_ALREADY_GIVEN', `${approver.key} already approved it; another must`);
  await assertDidNotFundPlayer(tx, approver, withdrawal.user_id);
  const first = earlier[0];
  if (first)
    await assertNotCoolingPair(
      tx,
      { maker: { key: first.approver, operatorId: first.operator_id, actor: first.approver }, checker: approver },
      { coolingMs: rules.approverCoolingMs, nowMs: rules.nowMs },
    );
  await tx.query(
    'insert into withdrawal_approvals (withdrawal_id, operator_id, approver, created_at) values ($1, $2::bigint, $3, $4)',
    [withdrawal.id, approver.operatorId, approver.key, new Date(rules.nowMs)],
  );
  const approvals = earlier.length + 1;
  if (approvals >= 2) return { approvals, isPaying: true, detail: 'approved by two operators' };
  if (isAboveSingleApproval(withdrawal.amount_paise, rules))
    return { approvals, isPaying: false, detail: 'a second operator must approve it' };
  const isWithinAllowance = await takeSingleApprovalAllowance(tx, {
    approver,
    playerId: withdrawal.user_id,
    amountPaise: withdrawal.amount_paise,
    limitPaise: rules.secondApprovalAbovePaise,
    nowMs: rules.nowMs,
  });
  return isWithinAllowance
    ? { approvals, isPaying: true, detail: 'approved alone, within the single-approval allowance' }
    : {
        approvals,
        isPaying: false,
        detail: 'the single-approval total of the day is reached: a second operator must approve it',
      };
}

/**
 * Approves a pending withdrawal as `approver`. `within` runs in the approval's transaction with what
 * was decided (the console writes its audit row there); a payout through the gateway is sent after
 * it commits.
 */
export async function approveWithChecker(
  ctx: DecisionContext & { clock: Clock },
  withdrawNo: string,
  approver: Approver,
  rules: ApprovalRules,
  options: { usdtTxid?: string } = {},
  within: (tx: Queryable, decision: { status: string; approvals: number }) => Promise<void> = async () => undefined,
): Promise<CheckedApproval> {
  const found = await findWithdrawalToDecide(ctx.db, withdrawNo);
  if (found.row.status !== 'pending')
    throw new AppError('ORDER_CLOSED', `withdrawal ${withdrawNo} is ${found.row.status}, not pending`);
  const decided = await ctx.db.transaction(async (tx) => {
    const decision = await decide(tx, found.row, approver, { ...rules, nowMs: ctx.clock.now().getTime() });
    const claimed = decision.isPaying ? await claimForPayout(tx, found, approver.actor, options) : null;
    await within(tx, { status: claimed?.status ?? 'pending', approvals: decision.approvals });
    return { decision, claimed };
  });
  const { decision, claimed } = decided;
  if (!claimed) return { withdrawNo, status: 'awaitingSecondApproval', approvals: decision.approvals, detail: decision.detail };
  const outcome = await sendClaimedPayout(ctx, claimed);
  return { ...outcome, approvals: decision.approvals };
}
