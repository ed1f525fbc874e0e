import { expect } from 'vitest';
import { addBankCard, payingPlayer, WITHDRAW_PASSWORD } from './payments.ts';
import type { TestServer } from './test-server.ts';

// Withdrawals as players ask for them, for the back office's tests of what operators then decide.

/** Adds a bank card for the player and asks for one withdrawal of each amount to it; returns their numbers. */
export async function requestWithdrawals(server: TestServer, player: { token: string }, amounts: string[]): Promise<string[]> {
  const bankCardId = await addBankCard(server, player.token);
  const numbers: string[] = [];
  for (const amount of amounts) {
    const body = { amount, bankCardId, withdrawPassword: WITHDRAW_PASSWORD };
    const reply = await server.call('/cash/withdrawNew', body, { token: player.token });
    expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
    numbers.push(reply.body.obj.withdrawNo);
  }
  return numbers;
}

/** A new player with ₹5,000 in cash who asks to withdraw `amount`. */
export async function requestedWithdrawal(server: TestServer, amount: string) {
  const player = await payingPlayer(server, 500_000n);
  const [withdrawNo] = await requestWithdrawals(server, player, [amount]);
  return { player, withdrawNo: withdrawNo! };
}

export async function withdrawalStatus(server: TestServer, withdrawNo: string): Promise<string> {
  const [row] = await server.ctx.db.query<{ status: string }>('select status from withdrawals where withdraw_no = $1', [
    withdrawNo,
  ]);
  return row!.status;
}
