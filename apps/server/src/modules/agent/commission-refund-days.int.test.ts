import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/payments.ts';
import { lastKolkataMidnightMs, moveTransferTo } from '../../../test/ledger-time.ts';
import { registerThroughApi, type RegisteredPlayer } from '../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { findPlayerAccounts, houseAccountId } from '../wallet/accounts.ts';
import { postGroup } from '../wallet/ledger.ts';
import { kolkataDay } from '@mayur/rules/kolkata-day';
import { payCommissionDay } from './pay-daily-commission.ts';

// The daily commission counts a refund against the day of the stake it gives back (decision 0013): a
// crash bet queued before Kolkata midnight and cancelled after it was never a valid bet, and a refund
// that comes after its stake's day was paid is taken back from the member's next days, a negative day
// carried forward rather than dropped. The ledger's times are the database's, so the transfers are
// posted for real and then moved to the instants of the scenario (test/ledger-time.ts).

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** One rate at depth 1 only: the agent earns 1 % of its direct member's valid bets. */
const RATES = [[100, 0, 0, 0, 0, 0]];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ AGENT_COMMISSION_RATES_BP: RATES.map((row) => row.join(',')).join(';') });
  server.clock.advance(Date.now() - server.clock.now().getTime());
});
afterAll(async () => {
  await expectLedgerBalanced(server);
  await server?.stop();
});

/** An agent and the member it invited, the member holding ₹10,000 of cash. */
async function agentWithMember(): Promise<{ agent: RegisteredPlayer; member: RegisteredPlayer }> {
  const agent = await registerThroughApi(server);
  const member = await registerThroughApi(server, agent.code);
  const accounts = await findPlayerAccounts(server.ctx.db, member.userId);
  const adjustments = await houseAccountId(server.ctx.db, 'adjustments');
  await server.ctx.db.transaction((tx) =>
    postGroup(tx, [
      {
        idempotencyKey: `fund:${member.userId}`,
        debitAccountId: adjustments,
        creditAccountId: accounts.cashAccountId,
        amountPaise: 1_000_000n,
        reason: 'adjustment',
      },
    ]),
  );
  return { agent, member };
}

/** A stake or its refund under one reference (as a crash bet and its cancel share `crash-bet:<id>`), posted at `at`. */
async function stakeMovement(
  member: RegisteredPlayer,
  key: string,
  kind: 'bet' | 'refund',
  paise: bigint,
  reference: string,
  at: number,
) {
  const accounts = await findPlayerAccounts(server.ctx.db, member.userId);
  const room = await houseAccountId(server.ctx.db, 'room:commission-test');
  await server.ctx.db.transaction((tx) =>
    postGroup(tx, [
      {
        idempotencyKey: key,
        debitAccountId: kind === 'bet' ? accounts.cashAccountId : room,
        creditAccountId: kind === 'bet' ? room : accounts.cashAccountId,
        amountPaise: paise,
        reason: kind,
        reference,
      },
    ]),
  );
  await moveTransferTo(server.ctx.db, key, new Date(at));
}

async function commissionOf(agentId: number, day: string): Promise<bigint | null> {
  const [row] = await server.ctx.db.query<{ amount_paise: bigint }>(
    `select t.amount_paise from ledger_transfers t where t.idempotency_key = $1`,
    [`commission:${agentId}:${day}`],
  );
  return row?.amount_paise ?? null;
}

describe('valid bets of a day and the refunds that come later', () => {
  it('pays nothing on a crash bet queued before Kolkata midnight and cancelled after it', async () => {
    const { agent, member } = await agentWithMember();
    const placed = await server.call('/gameroket/pour', { room: 'limbo', amount: '700', slot: 1 }, { token: member.token });
    expect(placed.body.obj.bet.status).toBe('queued');
    const betId = placed.body.obj.bet.id as string;
    const cancelled = await server.call('/gameroket/cancel', { betId }, { token: member.token });
    expect(cancelled.body.obj).toMatchObject({ bet: { status: 'cancelled' }, balance: '10000.00' });

    // Staked 30 s before midnight; cancelled within the next 30 s (never after the real present).
    const midnightMs = lastKolkataMidnightMs();
    await moveTransferTo(server.ctx.db, `crash-bet:${betId}`, new Date(midnightMs - 30_000));
    await moveTransferTo(
      server.ctx.db,
      `crash-cancel:${betId}`,
      new Date(midnightMs + Math.min(30_000, (Date.now() - midnightMs) / 2)),
    );

    const day = kolkataDay(midnightMs - 1);
    const outcome = await payCommissionDay(server.ctx.db, RATES, day);
    expect(outcome.status).toBe('paid');
    expect(await commissionOf(agent.userId, day)).toBeNull();
    const lines = await server.ctx.db.query('select 1 from agent_commission_members where member_id = $1', [member.userId]);
    expect(lines).toHaveLength(0);
  });

  it('takes a refund that came after its stake’s day was paid from the member’s next days, carrying a negative day', async () => {
    const { agent, member } = await agentWithMember();
    // Three finished days, before the one the first test pays.
    const firstMs = lastKolkataMidnightMs() - 4 * DAY_MS;
    const [first, second, third] = [0, 1, 2].map((n) => kolkataDay(firstMs + n * DAY_MS)) as [string, string, string];
    const key = (name: string) => `${name}:${member.userId}`;
    await stakeMovement(member, key('stake-1'), 'bet', 100_000n, `round-1:${member.userId}`, firstMs + 12 * HOUR_MS);
    // The round is cancelled at 02:00 the next day, after the first day was final (00:55) and paid (01:00).
    await stakeMovement(member, key('refund-1'), 'refund', 100_000n, `round-1:${member.userId}`, firstMs + DAY_MS + 2 * HOUR_MS);
    await stakeMovement(member, key('stake-2'), 'bet', 30_000n, `round-2:${member.userId}`, firstMs + DAY_MS + 12 * HOUR_MS);
    await stakeMovement(member, key('stake-3'), 'bet', 90_000n, `round-3:${member.userId}`, firstMs + 2 * DAY_MS + 12 * HOUR_MS);

    for (const day of [first, second, third]) await payCommissionDay(server.ctx.db, RATES, day);
    // The first day is paid on ₹1,000. The second has ₹300 of bets less the ₹1,000 refund: nothing is
    // paid and −₹700 is carried. The third has ₹900 of bets less the ₹700 carried: paid on ₹200.
    expect([
      await commissionOf(agent.userId, first),
      await commissionOf(agent.userId, second),
      await commissionOf(agent.userId, third),
    ]).toEqual([1_000n, null, 200n]);
    const [line] = await server.ctx.db.query<{ bets_paise: bigint }>(
      'select bets_paise from agent_commission_members where member_id = $1 and day = $2::date',
      [member.userId, third],
    );
    expect(line?.bets_paise).toBe(20_000n);
    expect(await server.ctx.db.query('select 1 from agent_commission_carry where member_id = $1', [member.userId])).toHaveLength(
      0,
    );
  });
});
