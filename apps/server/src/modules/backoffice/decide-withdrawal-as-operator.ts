import type { TWithdrawalDecision } from '@mayur/contracts/admin';
import { AppError } from '../../platform/http/app-error.ts';
import { approveWithdrawal, rejectWithdrawal } from '../payments/withdraw/decide-withdrawal.ts';
import { AdminError } from './admin-error.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { OperatorRow } from './operators.ts';

// Deciding a withdrawal from the console: the same use cases as the CLI's withdraw:approve and
// withdraw:reject, with maker-checker in front of approval. Above the configured amount an approval is
// recorded (once per operator, so the same operator twice is refused) and the payout starts only with
// the second operator's; the use case's guarded pending → paying UPDATE still decides every race, so a
// withdrawal is paid once however many approvals arrive together.

type Found = { id: string; amount_paise: bigint; status: string };

async function findPending(bo: BackOfficeContext, withdrawNo: string): Promise<Found> {
  const [row] = await bo.app.db.query<Found>(
    'select id::text as id, amount_paise, status from withdrawals where withdraw_no = $1',
    [withdrawNo],
  );
  if (!row) throw new AppError('ORDER_NOT_FOUND', `no withdrawal ${withdrawNo}`);
  if (row.status !== 'pending') throw new AppError('ORDER_CLOSED', `withdrawal ${withdrawNo} is ${row.status}`);
  return row;
}

/** Records this operator's approval under the withdrawal's row lock and answers how many there are now. */
async function recordApproval(bo: BackOfficeContext, withdrawal: Found, operatorId: string): Promise<number> {
  return bo.app.db.transaction(async (tx) => {
    const [locked] = await tx.query<{ status: string }>('select status from withdrawals where id = $1::bigint for update', [
      withdrawal.id,
    ]);
    if (locked!.status !== 'pending') throw new AppError('ORDER_CLOSED', `withdrawal is ${locked!.status}`);
    const inserted = await tx.query(
      `insert into withdrawal_approvals (withdrawal_id, operator_id, created_at) values ($1::bigint, $2::bigint, $3)
       on conflict do nothing returning operator_id`,
      [withdrawal.id, operatorId, bo.app.clock.now()],
    );
    if (inserted.length === 0) throw new AdminError('APPROVAL_ALREADY_GIVEN');
    const [count] = await tx.query<{ approvals: number }>(
      'select count(*)::int as approvals from withdrawal_approvals where withdrawal_id = $1::bigint',
      [withdrawal.id],
    );
    return count!.approvals;
  });
}

export async function approveAsOperator(
  bo: BackOfficeContext,
  withdrawNo: string,
  operator: OperatorRow,
): Promise<TWithdrawalDecision> {
  const withdrawal = await findPending(bo, withdrawNo);
  const needsTwo = withdrawal.amount_paise > bo.app.config.admin.secondApprovalAbovePaise;
  const approvals = needsTwo ? await recordApproval(bo, withdrawal, operator.id) : 1;
  if (approvals < 2 && needsTwo)
    return { withdrawNo, status: 'awaitingSecondApproval', approvals, detail: 'a second operator must approve it' };
  const outcome = await approveWithdrawal(bo.app, withdrawNo, `operator:${operator.login}`);
  return { withdrawNo, status: outcome.status, approvals, detail: outcome.detail };
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
