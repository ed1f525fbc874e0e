import { CRASH_ROOMS, CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { crashWinPaise } from '@mayur/rules/crash-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crashWinSql } from './settle-crash-round.ts';
import { serverForFile } from '../../../../test/test-server.ts';

// Settlement computes automatic wins inside the database; the browser and the cash-out use
// crashWinPaise. They must be one rule: the SQL form is checked against the function here.

const server = serverForFile();

describe('the settlement win in SQL', () => {
  it('equals crashWinPaise for every room, including wins past the room maximum', async () => {
    const cases = fc.sample(
      fc.record({
        room: fc.constantFrom(...CRASH_ROOM_IDS),
        stakePaise: fc.bigInt({ min: 110n, max: 5_000_000n }),
        multiplierX100: fc.integer({ min: 101, max: 1_000_000 }),
      }),
      { numRuns: 200, seed: 10 },
    );
    cases.push({ room: 'limbo1', stakePaise: 200_000n, multiplierX100: 1_000_000 });
    const rows = await server.ctx.db.query<{ win: bigint }>(
      `select ${crashWinSql('c.stake', 'c.x100', 'c.max_win')} as win
       from unnest($1::bigint[], $2::int[], $3::bigint[]) with ordinality as c(stake, x100, max_win, n) order by c.n`,
      [
        cases.map((c) => c.stakePaise.toString()),
        cases.map((c) => c.multiplierX100),
        cases.map((c) => CRASH_ROOMS[c.room].maxWinPaise.toString()),
      ],
    );
    expect(rows.map((row) => row.win)).toEqual(
      cases.map((c) => crashWinPaise(c.stakePaise, c.multiplierX100, CRASH_ROOMS[c.room].maxWinPaise)),
    );
    expect(rows.at(-1)!.win).toBe(CRASH_ROOMS.limbo1.maxWinPaise);
  });
});
