import type { TWithdrawalDecision } from '@mayur/contracts/admin';
import { approvalRulesOf } from '../approvals/approval-rules.ts';
import { consoleApprover } from '../approvals/approver.ts';
import { rejectWithdrawal } from '../payments/withdraw/decide-withdrawal.ts';
import { approveWithChecker } from '../payments/withdraw/maker-checker.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { OperatorRow } from './operators.ts';
import type { AuditedCall } from './player-actions.ts';

// Deciding a withdrawal from the console: the same use cases as the CLI's withdraw:approve and
// withdraw:reject, maker-checker included (payments/withdraw/maker-checker.ts). The audit row is
// written in the decision's own transaction.

export async function approveAsOperator(
  bo: BackOfficeContext,
  withdrawNo: string,
  operator: OperatorRow,
  call: AuditedCall,
): Promise<TWithdrawalDecision> {
  return approveWithChecker(
    bo.app,
    withdrawNo,
    consoleApprover(operator),
    approvalRulesOf(bo.app.config.admin),
    {},
    async (tx, decision) => {
      call.audit.before = { withdrawNo, status: 'pending', approvals: decision.approvals - 1 };
      call.audit.after = { withdrawNo, ...decision };
      await call.recordWithin(tx);
    },
  );
}

export async function rejectAsOperator(
  bo: BackOfficeContext,
  withdrawNo: string,
  operator: OperatorRow,
  reason: string,
  call: AuditedCall,
): Promise<TWithdrawalDecision> {
  await rejectWithdrawal(bo.app, withdrawNo, `operator:${operator.login}`, reason, async (tx) => {
    call.audit.before = { withdrawNo, status: 'pending' };
    call.audit.after = { withdrawNo, status: 'rejected', reason };
    await call.recordWithin(tx);
  });
  return { withdrawNo, status: 'rejected', approvals: 0, detail: 'the amount is back in the player’s cash' };
}
