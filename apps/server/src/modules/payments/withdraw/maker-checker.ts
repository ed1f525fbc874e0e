import type { Clock } from '../../../platform/clock.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { approveWithdrawal, type ApprovalOutcome, type DecisionContext } from './decide-withdrawal.ts';

// Maker-checker on withdrawals, for every way an operator approves one (the console's
// /withdrawals/approve and the CLI's withdraw:approve). Above the configured amount an approval is
// recorded (once per approver, so the same one twice is refused) and the payout starts only with a
// second, different approver's; at or below it one approval pays. The payout's own guarded
// pending → paying UPDATE still decides every race, so a withdrawal is paid once however many
// approvals arrive together.

/** ₹10,000, the default of ADMIN_SECOND_APPROVAL_ABOVE_RUPEES, for a context built without the setting. */
export const DEFAULT_SECOND_APPROVAL_ABOVE_PAISE = 1_000_000n;

/**
 * Who approves: `key` tells approvers apart (`operator:<id>` for a console operator, `cli:<actor>` for
 * the command line); `operatorId` is set for a console operator; `actor` is what the withdrawal
 * records as its decider.
 */
export type Approver = { key: string; operatorId: string | null; actor: string };

export type CheckedApproval =
  | (Omit<ApprovalOutcome, 'status'> & { status: ApprovalOutcome['status'] | 'awaitingSecondApproval'; approvals: number })
  | { withdrawNo: string; status: 'alreadyApproved'; approvals: number; detail: string };

type Found = { id: string; amount_paise: bigint; status: string };

async function findPending(ctx: DecisionContext, withdrawNo: string): Promise<Found> {
  const [row] = await ctx.db.query<Found>('select id::text as id, amount_paise, status from withdrawals where withdraw_no = $1', [
    withdrawNo,
  ]);
  if (!row) throw new AppError('ORDER_NOT_FOUND', `no withdrawal ${withdrawNo}`);
  if (row.status !== 'pending') throw new AppError('ORDER_CLOSED', `withdrawal ${withdrawNo} is ${row.status}, not pending`);
  return row;
}

/** Records the approval under the withdrawal's row lock; answers the count, or null when this approver already gave one. */
async function recordApproval(ctx: DecisionContext & { clock: Clock }, withdrawal: Found, approver: Approver) {
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.query<{ status: string }>('select status from withdrawals where id = $1::bigint for update', [
      withdrawal.id,
    ]);
    if (locked!.status !== 'pending') throw new AppError('ORDER_CLOSED', `withdrawal is ${locked!.status}`);
    const inserted = await tx.query(
      `insert into withdrawal_approvals (withdrawal_id, operator_id, approver, created_at) values ($1::bigint, $2::bigint, $3, $4)
       on conflict do nothing returning approver`,
      [withdrawal.id, approver.operatorId, approver.key, ctx.clock.now()],
    );
    const [count] = await tx.query<{ approvals: number }>(
      'select count(*)::int as approvals from withdrawal_approvals where withdrawal_id = $1::bigint',
      [withdrawal.id],
    );
    return { isNew: inserted.length === 1, approvals: count!.approvals };
  });
}

export async function approveWithChecker(
  ctx: DecisionContext & { clock: Clock },
  withdrawNo: string,
  approver: Approver,
  secondApprovalAbovePaise: bigint,
  options: { usdtTxid?: string } = {},
): Promise<CheckedApproval> {
  const withdrawal = await findPending(ctx, withdrawNo);
  const needsTwo = withdrawal.amount_paise > secondApprovalAbovePaise;
  let approvals = 1;
  if (needsTwo) {
    const recorded = await recordApproval(ctx, withdrawal, approver);
    approvals = recorded.approvals;
    if (!recorded.isNew)
      return { withdrawNo, status: 'alreadyApproved', approvals, detail: 'this approver already approved it; another must' };
    if (approvals < 2)
      return { withdrawNo, status: 'awaitingSecondApproval', approvals, detail: 'a second operator must approve it' };
  }
  const outcome = await approveWithdrawal(ctx, withdrawNo, approver.actor, options);
  return { ...outcome, approvals };
}
