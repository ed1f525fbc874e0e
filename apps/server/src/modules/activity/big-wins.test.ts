import { describe, expect, it } from 'vitest';
import { manualClock } from '../../platform/clock.ts';
import { BIG_WIN_MIN_PAISE, BIG_WINS_CACHE_MS, createBigWinsReader, gameOfRoom, type ReportedWin } from './big-wins.ts';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const win = (overrides: Partial<ReportedWin>): ReportedWin => ({
  userId: 12345,
  nickName: 'Rahul',
  room: 'wingo-1',
  amountPaise: 50_000n,
  atMs: T0 - 1_000,
  ...overrides,
});

describe('the big wins reader', () => {
  it('merges the sources newest first, masks the players and names the games', async () => {
    const clock = manualClock(new Date(T0));
    const read = createBigWinsReader(
      [
        async () => [win({ room: 'sapre', atMs: T0 - 3_000 }), win({ room: 'bitgame', atMs: T0 - 5_000 })],
        async () => [win({ room: 'limbo1', atMs: T0 - 2_000, amountPaise: 123_456n, userId: 7, nickName: 'Zo' })],
      ],
      clock,
    );
    expect(await read()).toEqual({
      list: [
        { player: 'Zo***7', game: 'aviator', room: 'limbo1', amount: '1234.56', time: new Date(T0 - 2_000).toISOString() },
        { player: 'Rah***45', game: 'winGoPk', room: 'sapre', amount: '500.00', time: new Date(T0 - 3_000).toISOString() },
        { player: 'Rah***45', game: 'bitGame', room: 'bitgame', amount: '500.00', time: new Date(T0 - 5_000).toISOString() },
      ],
      minAmount: '100.00',
    });
  });

  it('never lists a win below the threshold or from a room no game knows', async () => {
    const read = createBigWinsReader(
      [async () => [win({ amountPaise: BIG_WIN_MIN_PAISE - 1n }), win({ room: 'made-up' })]],
      manualClock(new Date(T0)),
    );
    expect((await read()).list).toEqual([]);
  });

  it('asks the sources once per cache period, shares a read in flight and does not keep a failure', async () => {
    const clock = manualClock(new Date(T0));
    let reads = 0;
    let isFailing = true;
    const read = createBigWinsReader(
      [
        async () => {
          reads += 1;
          if (isFailing) throw new Error('database unreachable');
          return [win({ room: 'crash' })];
        },
      ],
      clock,
    );
    await expect(read()).rejects.toThrow('database unreachable');
    isFailing = false;
    const [first, second] = await Promise.all([read(), read()]);
    expect(first).toBe(second);
    expect(reads).toBe(2);
    clock.advance(BIG_WINS_CACHE_MS - 1);
    expect((await read()).list).toHaveLength(1);
    expect(reads).toBe(2);
    clock.advance(1);
    await read();
    expect(reads).toBe(3);
  });

  it('names every room by its game', () => {
    expect(['wingo-1', 'wingo-5', 'parity', 'emerd', 'bitgame', 'limbo', 'limbo3', 'crash', 'x'].map(gameOfRoom)).toEqual([
      'winGo',
      'winGo',
      'winGoPk',
      'winGoPk',
      'bitGame',
      'aviator',
      'aviator',
      'crash',
      null,
    ]);
  });
});
