import { expect } from 'vitest';
import { postCallback } from './payments.ts';
import type { TestServer } from './test-server.ts';

// Recharges as the back office's tests meet them: an order a player opens, the sandbox gateway's
// signed word on it (in time, late or repeated), and what the house accounts then hold.

/** Opens a UPI recharge order for the player and returns its number. */
export async function openUpiOrder(server: TestServer, player: { token: string }, amount: string): Promise<string> {
  const reply = await server.call('/cash/payNew', { amount, method: 'upi' }, { token: player.token });
  expect(reply.body).toMatchObject({ res: 1 });
  return reply.body.obj.orderNo;
}

/** The sandbox gateway's signed deposit callback for an order. */
export function sandboxDepositCallback(
  server: TestServer,
  orderNo: string,
  status: 'paid' | 'failed',
  amount: string,
  eventId: string,
) {
  const event = { eventId, type: 'deposit', orderNo, status, amount, currency: 'INR' };
  return postCallback(server, 'sandbox', server.ctx.config.payments.sandboxSecret, event);
}

/** What the house accounts of one purpose hold together (a sharded purpose has several). */
export async function houseBalance(server: TestServer, purpose: string): Promise<bigint> {
  const sql = 'select coalesce(sum(balance_paise), 0)::bigint as balance_paise from ledger_accounts where purpose = $1';
  const [row] = await server.ctx.db.query<{ balance_paise: bigint }>(sql, [purpose]);
  return row!.balance_paise;
}
