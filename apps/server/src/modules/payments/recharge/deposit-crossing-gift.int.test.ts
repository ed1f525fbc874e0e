import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../../../test/scratch-database.ts';
import { expectLedgerBalanced, operator } from '../../../../test/payments.ts';
import { registerThroughApi } from '../../../../test/players.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { runsOn } from '../../../platform/db/database-of.ts';
import type { Db, Queryable, Row } from '../../../platform/db/db.ts';
import { openPostgres } from '../../../platform/db/postgres.ts';
import { findPlayerBalances, houseAccountId } from '../../wallet/accounts.ts';

// A deposit that brings a player's recharges to the invite-bonus threshold moves the player's cash and
// the promotions account (the inviter's bonus comes from it); a cash gift code the same player redeems
// meanwhile moves the same two accounts. Both lock them in the ledger's one order, so neither waits on
// a deadlock: PostgreSQL never has to pick a victim for the transaction helper to run again. Only
// PostgreSQL runs two transactions at once.

/** Statements matching `pattern` wait, the first time they come, until the test lets them go on. */
function pausingDb(inner: Db, pattern: RegExp) {
  let reached!: () => void;
  let release!: () => void;
  const hasReached = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let hasPaused = false;
  const pausing = (target: Queryable): Queryable => ({
    async query<T extends Row>(sql: string, params?: readonly unknown[]) {
      if (!hasPaused && pattern.test(sql)) {
        hasPaused = true;
        reached();
        await released;
      }
      return target.query<T>(sql, params);
    },
    exec: (sql: string) => target.exec(sql),
  });
  const db: Db = {
    ...pausing(inner),
    kind: inner.kind,
    transaction: (work) => inner.transaction((tx) => work(runsOn(pausing(tx), tx))),
    close: () => inner.close(),
  };
  return { db: runsOn(db, inner), hasReached, release };
}

describe.runIf(Boolean(process.env.DATABASE_URL))(
  'a deposit with its invite bonus, crossing a cash gift of the same player',
  () => {
    let scratch: ScratchDatabase;
    let server: TestServer;
    const retries: Array<{ code: unknown; attempt: unknown }> = [];
    let pause: ReturnType<typeof pausingDb>;
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'mayur_crossing');
      const inner = await openPostgres(scratch.url, 10, {
        warn: (details: { code?: unknown; attempt?: unknown }) => retries.push({ code: details.code, attempt: details.attempt }),
      });
      // The deposit stops where it decides the invite bonus: after its credit today, before anything is posted once fixed.
      pause = pausingDb(inner, /insert into agent_invite_bonuses/);
      server = await startTestServer({ DATABASE_URL: scratch.url }, { db: pause.db });
    });
    afterAll(async () => {
      await server?.stop();
      await pause?.db.close();
      await scratch?.drop();
    });

    it('credits both without a deadlock for the database to break', async () => {
      // The promotions account exists before the players, so its id is the lower: a gift locks it first.
      await houseAccountId(server.ctx.db, 'promotions');
      const inviter = await registerThroughApi(server);
      const invitee = await registerThroughApi(server, inviter.code);
      const created = await operator(server, 'gift:create', { amount: '50', to: 'cash' });
      const giftCode = created.lines.at(-1)!;
      expect((await operator(server, 'gift:approve', { code: giftCode }, 'second-operator')).isOk).toBe(true);
      const order = await server.call('/cash/payNew', { amount: '300', method: 'upi' }, { token: invitee.token });
      expect(order.body.res).toBe(1);
      retries.length = 0;

      // The deposit (₹300, the threshold) is paid on the sandbox page and stops at its invite bonus.
      const payUrl = new URL(order.body.obj.payUrl, 'http://localhost');
      const deposit = server.app.inject({
        method: 'POST',
        url: payUrl.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ t: payUrl.searchParams.get('t') ?? '', action: 'pay' }).toString(),
      });
      await pause.hasReached;
      // Meanwhile the player redeems the cash gift: it either goes through or waits on a lock the deposit holds.
      let isGiftDone = false;
      const gift = server
        .call('/cash/redeemGift', { code: giftCode }, { token: invitee.token })
        .finally(() => (isGiftDone = true));
      for (let waited = 0; !isGiftDone && waited < 5_000; waited += 20) {
        const [waiting] = await server.ctx.db.query<{ n: number }>(
          "select count(*)::integer as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      pause.release();
      const [paid, redeemed] = await Promise.all([deposit, gift]);

      expect(paid.statusCode).toBe(303);
      expect(redeemed.body.res).toBe(1);
      expect(retries).toEqual([]);
      expect(await findPlayerBalances(server.ctx.db, invitee.userId)).toEqual({ cashPaise: 35_000n, bonusPaise: 0n });
      expect(await findPlayerBalances(server.ctx.db, inviter.userId)).toEqual({ cashPaise: 0n, bonusPaise: 15_800n });
      await expectLedgerBalanced(server);
    }, 30_000);
  },
);
