import type { TWithdrawalDecision } from '@mayur/contracts/admin';
import { rejectWithdrawal } from '../payments/withdraw/decide-withdrawal.ts';
import { approveWithChecker } from '../payments/withdraw/maker-checker.ts';
import { AdminError } from './admin-error.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { OperatorRow } from './operators.ts';

// Deciding a withdrawal from the console: the same use cases as the CLI's withdraw:approve and
// withdraw:reject, maker-checker included (payments/withdraw/maker-checker.ts): above the configured
// amount the payout starts only with a second, different operator's approval.

export async function approveAsOperator(
  bo: BackOfficeContext,
  withdrawNo: string,
  operator: OperatorRow,
): Promise<TWithdrawalDecision> {
  const decision = await approveWithChecker(
    bo.app,
    withdrawNo,
    { key: `operator:${operator.id}`, operatorId: operator.id, actor: `operator:${operator.login}` },
    bo.app.config.admin.secondApprovalAbovePaise,
  );
  if (decision.status === 'alreadyApproved') throw new AdminError('APPROVAL_ALREADY_GIVEN');
  return decision;
}

export async function rejectAsOperator(
  bo: BackOfficeContext,
  withdrawNo: string,
  operator: OperatorRow,
  reason: string,
): Promise<TWithdrawalDecision> {
  await rejectWithdrawal(bo.app, withdrawNo, `operator:${operator.login}`, reason);
  return { withdrawNo, status: 'rejected', approvals: 0, detail: 'the amount is back in the player’s cash' };
}
