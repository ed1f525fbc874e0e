import type { TDashboardResponse } from '@mayur/contracts/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { houseAccountId, shardedHouseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import type { TransferReason } from '../wallet/transfer-reasons.ts';
import { adminCall, signedInOperator, type SignedInOperator } from '../../../test/admin-operators.ts';

// The dashboard's figures come from the ledger's transfers of today (India time) and the players who
// joined: a deposit, a stake in a room, a win, a fee, a paid withdrawal and a commission move today's
// figures by exactly their amounts; GGR per game is the room's stakes less its wins.

let server: TestServer, auditor: SignedInOperator;

beforeAll(async () => {
  server = await startTestServer();
  // The ledger stamps transfers with the database's time: the app's clock is brought to it.
  server.clock.advance(Date.now() - server.clock.now().getTime());
  auditor = await signedInOperator(server, 'auditor');
});
afterAll(async () => server.stop());

async function dashboard(): Promise<TDashboardResponse> {
  const reply = await adminCall(server, '/dashboard/summary', {}, { token: auditor.token });
  expect(reply.body.res, JSON.stringify(reply.body)).toBe(1);
  return reply.body.obj;
}

const money = (text: string) => Math.round(Number(text) * 100);

describe('the dashboard', () => {
  it('adds today’s movements to today’s figures and the room’s GGR, and counts the new and active player', async () => {
    const before = await dashboard();
    expect(before.days).toHaveLength(30);
    expect(before.days.at(-1)!.day).toBe(before.today);

    const player = await quickPlayer(server, { cashPaise: 1_000_00n });
    const db = server.ctx.db;
    const room = await shardedHouseAccountId(db, 'room:dashboard-test', player.userId);
    const fees = await houseAccountId(db, 'fees');
    const clearing = await houseAccountId(db, 'clearing:sandbox');
    const holds = await houseAccountId(db, 'withdrawal-holds');
    const commissions = await houseAccountId(db, 'commissions');
    let key = 0;
    const move = (debit: number, credit: number, amountPaise: bigint, reason: TransferReason) =>
      db.transaction((tx) =>
        postGroup(tx, [
          {
            idempotencyKey: `dashboard-${++key}`,
            debitAccountId: debit,
            creditAccountId: credit,
            amountPaise,
            reason,
          },
        ]),
      );
    await move(clearing, player.cashAccountId, 500_00n, 'deposit');
    await move(player.cashAccountId, room, 100_00n, 'bet');
    await move(player.cashAccountId, fees, 2_00n, 'fee');
    await move(room, player.cashAccountId, 40_00n, 'payout');
    await move(holds, clearing, 300_00n, 'withdrawal_paid');
    await move(commissions, player.cashAccountId, 7_00n, 'commission');

    const after = await dashboard();
    const [was, now] = [before.days.at(-1)!, after.days.at(-1)!];
    expect(money(now.deposits) - money(was.deposits)).toBe(500_00);
    expect(now.depositCount - was.depositCount).toBe(1);
    expect(money(now.stakes) - money(was.stakes)).toBe(100_00);
    expect(now.betCount - was.betCount).toBe(1);
    expect(money(now.ggr) - money(was.ggr)).toBe(100_00 + 2_00 - 40_00);
    expect(money(now.withdrawals) - money(was.withdrawals)).toBe(300_00);
    expect(money(now.commissions) - money(was.commissions)).toBe(7_00);
    expect(now.activePlayers - was.activePlayers).toBe(1);
    expect(now.newPlayers - was.newPlayers).toBe(1);
    expect(after.games).toContainEqual({ day: after.today, game: 'dashboard-test', stakes: '100.00', ggr: '60.00' });
  });

  it('counts the queues waiting for someone', async () => {
    const player = await quickPlayer(server);
    const before = await dashboard();
    await server.call('/user/addComplaints', { type: 'other', text: 'Where is my money?' }, { token: player.token });
    const after = await dashboard();
    expect(after.waitingComplaints - before.waitingComplaints).toBe(1);
  });
});
