import type { Logger } from 'pino';
import type { Db, Queryable } from '../../../platform/db/db.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { GatewayError, type PaymentGateway } from '../gateways/payment-gateway.ts';
import { markPaid, returnFunds, settlementAccounts, WITHDRAWAL_COLUMNS, type WithdrawalRow } from './withdrawal-settlement.ts';

export type DecisionContext = { db: Db; log: Logger; gateway: PaymentGateway };

export type ApprovalOutcome = { withdrawNo: string; status: 'paid' | 'paying' | 'failed'; detail: string };

async function findWithdrawal(db: Db, withdrawNo: string): Promise<WithdrawalRow> {
  const [row] = await db.query<WithdrawalRow>(`select ${WITHDRAWAL_COLUMNS} from withdrawals where withdraw_no = $1`, [
    withdrawNo,
  ]);
  if (!row) throw new AppError('ORDER_NOT_FOUND', `no withdrawal ${withdrawNo}`);
  return row;
}

function notPending(row: WithdrawalRow): AppError {
  return new AppError('ORDER_CLOSED', `withdrawal ${row.withdraw_no} is ${row.status}, not pending: it was decided before`);
}

export type SettlementAccounts = Awaited<ReturnType<typeof settlementAccounts>>;

/** A pending withdrawal and the house accounts its payout moves through, read before any transaction (they may be created). */
export async function findWithdrawalToDecide(db: Db, withdrawNo: string) {
  const row = await findWithdrawal(db, withdrawNo);
  return { row, accounts: await settlementAccounts(db, row) };
}

/**
 * In the caller's transaction: the one guarded UPDATE (pending → paying) that decides who approves,
 * so a second approval, from any operator on any node, is refused. A USDT payout is sent by the
 * operator from the house wallet (no private key is on the server), so its approval records it as paid.
 */
export async function claimForPayout(
  tx: Queryable,
  found: { row: WithdrawalRow; accounts: SettlementAccounts },
  actor: string,
  options: { usdtTxid?: string } = {},
): Promise<WithdrawalRow> {
  const [claimed] = await tx.query<WithdrawalRow>(
    `update withdrawals set status = 'paying', decided_by = $2, decided_at = now()
     where withdraw_no = $1 and status = 'pending' returning ${WITHDRAWAL_COLUMNS}`,
    [found.row.withdraw_no, actor],
  );
  if (!claimed) throw notPending(found.row);
  if (claimed.account_kind === 'usdt') await markPaid(tx, claimed, found.accounts, options.usdtTxid ?? `operator:${actor}`);
  return claimed;
}

/** After the claim has committed: a bank or UPI payout goes to the gateway, whose answer is signed and checked. */
export async function sendClaimedPayout(ctx: DecisionContext, row: WithdrawalRow): Promise<ApprovalOutcome> {
  const withdrawNo = row.withdraw_no;
  if (row.account_kind === 'usdt') return { withdrawNo, status: 'paid', detail: 'recorded as paid from the house wallet' };
  if (row.provider !== ctx.gateway.name) {
    // Requested under another gateway than the one configured now: an operator pays it by hand.
    ctx.log.warn({ withdrawNo, provider: row.provider }, 'withdrawal approved for a gateway that is not configured');
    return { withdrawNo, status: 'paying', detail: `gateway ${row.provider} is not configured; awaiting its callback` };
  }

  let result;
  try {
    result = await ctx.gateway.sendPayout({
      withdrawNo,
      amountPaise: row.amount_paise,
      kind: row.account_kind,
      destination: row.destination,
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Unknown whether the gateway took it: never send twice. The gateway's callback settles it.
    ctx.log.error({ err: error, withdrawNo }, 'payout request got no trustworthy answer');
    return {
      withdrawNo,
      status: 'paying',
      detail: `no trustworthy answer from the gateway (${error.message}); awaiting its callback`,
    };
  }
  if (result.status === 'pending')
    return { withdrawNo, status: 'paying', detail: 'accepted by the gateway; awaiting its callback' };
  await finishPayout(
    ctx,
    withdrawNo,
    result.status === 'paid' ? { status: 'paid', providerReference: result.providerReference } : result,
  );
  return {
    withdrawNo,
    status: result.status,
    detail: result.status === 'paid' ? 'paid by the gateway' : `the gateway refused: ${result.reason}; funds returned`,
  };
}

/** Ends a payout that is in flight (paying); a payout that already ended is left as it is. */
export async function finishPayout(
  ctx: { db: Db },
  withdrawNo: string,
  result: { status: 'paid'; providerReference: string | null } | { status: 'failed'; reason: string },
): Promise<boolean> {
  const found = await findWithdrawal(ctx.db, withdrawNo);
  const accounts = await settlementAccounts(ctx.db, found);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<WithdrawalRow>(
      `select ${WITHDRAWAL_COLUMNS} from withdrawals where withdraw_no = $1 and status = 'paying' for update`,
      [withdrawNo],
    );
    if (!row) return false;
    if (result.status === 'paid') await markPaid(tx, row, accounts, result.providerReference);
    else await returnFunds(tx, row, accounts.holdsAccountId, 'failed', `payout failed: ${result.reason}`);
    return true;
  });
}

/**
 * Rejects a pending withdrawal with a reason the player sees; the held amount returns to their cash.
 * `within` runs in the rejection's transaction (the console writes its audit row there).
 */
export async function rejectWithdrawal(
  ctx: { db: Db },
  withdrawNo: string,
  actor: string,
  reason: string,
  within: (tx: Queryable) => Promise<void> = async () => undefined,
) {
  const found = await findWithdrawal(ctx.db, withdrawNo);
  const accounts = await settlementAccounts(ctx.db, found);
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx.query<WithdrawalRow>(
      `update withdrawals set decided_by = $2, decided_at = now()
       where withdraw_no = $1 and status = 'pending' returning ${WITHDRAWAL_COLUMNS}`,
      [withdrawNo, actor],
    );
    if (!claimed) throw notPending(found);
    await returnFunds(tx, claimed, accounts.holdsAccountId, 'rejected', reason);
    await within(tx);
  });
}
