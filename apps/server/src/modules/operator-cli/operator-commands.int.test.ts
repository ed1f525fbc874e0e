import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { checkLedger } from '../wallet/check-ledger.ts';
import { operator as operatorCommand } from '../../../test/payments.ts';
import type { CommandArgs } from './operator-commands.ts';

// Operator commands that move money: a retried command (a time-out, a lost connection, a second
// terminal) must move the money once.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});
afterEach(async () => {
  expect((await checkLedger(server.ctx.db)).violations).toEqual([]);
});

const operator = (args: CommandArgs, actor = 'tester') => operatorCommand(server, 'user:adjust', args, actor);

const cashOf = async (userId: number) => (await findPlayerBalances(server.ctx.db, userId)).cashPaise;

describe('user:adjust retried', () => {
  it('moves the money once when the same command is run again without --key', async () => {
    const player = await quickPlayer(server);
    const args = { user: String(player.userId), amount: '+250.75', reason: 'ticket 4411: failed recharge' };
    const first = await operator(args);
    expect(first.isOk).toBe(true);
    expect(first.lines[0]).toMatch(/^credited ₹250\.75/);
    const retry = await operator(args);
    expect(retry.isOk).toBe(true);
    expect(retry.lines[0]).toMatch(/^already posted .*nothing moved/);
    expect(await cashOf(player.userId)).toBe(25_075n);
  });

  it('moves the money once when the same command runs in parallel', async () => {
    const player = await quickPlayer(server);
    const args = { user: String(player.userId), amount: '100', reason: 'ticket 4412' };
    const results = await Promise.all(Array.from({ length: 8 }, () => operator(args)));
    expect(results.every((result) => result.isOk)).toBe(true);
    expect(results.filter((result) => result.lines[0]!.startsWith('credited'))).toHaveLength(1);
    expect(await cashOf(player.userId)).toBe(10_000n);
  });

  it('moves the money once for a repeated --key, and again for a new key', async () => {
    const player = await quickPlayer(server, { cashPaise: 10_000n });
    const args = { user: String(player.userId), amount: '-10', reason: 'chargeback', key: 'CB-2026-0001' };
    expect((await operator(args)).lines[0]).toMatch(/^debited ₹10\.00/);
    expect((await operator(args)).lines[0]).toMatch(/^already posted .*nothing moved/);
    expect(await cashOf(player.userId)).toBe(9_000n);
    // The same adjustment made deliberately a second time carries its own key.
    expect((await operator({ ...args, key: 'CB-2026-0002' })).lines[0]).toMatch(/^debited ₹10\.00/);
    expect(await cashOf(player.userId)).toBe(8_000n);
  });

  it('treats another player, amount or reason as another adjustment', async () => {
    const player = await quickPlayer(server);
    const other = await quickPlayer(server);
    const args = { user: String(player.userId), amount: '5', reason: 'goodwill' };
    await operator(args);
    await operator({ ...args, amount: '6' });
    await operator({ ...args, reason: 'goodwill again' });
    await operator({ ...args, user: String(other.userId) });
    expect(await cashOf(player.userId)).toBe(1_600n);
    expect(await cashOf(other.userId)).toBe(500n);
  });

  it('refuses a key already used for a different adjustment, and moves nothing', async () => {
    const player = await quickPlayer(server);
    await operator({ user: String(player.userId), amount: '7', reason: 'first', key: 'K-1' });
    const reused = await operator({ user: String(player.userId), amount: '8', reason: 'second', key: 'K-1' });
    expect(reused.isOk).toBe(false);
    expect(reused.lines[0]).toMatch(/--key "K-1" was already used for a different adjustment/);
    expect(await cashOf(player.userId)).toBe(700n);
  });

  it('refuses a retry by another operator clearly instead of posting twice', async () => {
    const player = await quickPlayer(server);
    const args = { user: String(player.userId), amount: '3', reason: 'ticket 4413' };
    await operator(args, 'alice@desk');
    const retry = await operator(args, 'bob@desk');
    expect(retry.isOk).toBe(true);
    expect(retry.lines[0]).toMatch(/^already posted .*nothing moved/);
    expect(await cashOf(player.userId)).toBe(300n);
  });
});
