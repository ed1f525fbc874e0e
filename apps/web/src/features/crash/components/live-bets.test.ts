import { describe, expect, it } from 'vitest';
import { combineLiveBets, type LiveBet } from './live-bets.ts';

const bet = (betId: string, player: string, amount: string, cashout?: [number, string]): LiveBet => ({
  betId,
  player,
  amount,
  multiplierX100: cashout?.[0] ?? null,
  winAmount: cashout?.[1] ?? null,
});

describe('combineLiveBets', () => {
  const server = {
    roundId: '7',
    list: [bet('1', 'Ali***01', '100.00'), bet('2', 'Bob***02', '50.00')],
    players: 2,
    totalStake: '150.00',
  };

  it('merges the server’s list with pushed bets and cash-outs, each bet once, wins first', () => {
    const live = combineLiveBets(server, '7', [
      bet('3', 'Cat***03', '20.00'),
      bet('2', 'Bob***02', '', [250, '125.00']),
      bet('1', 'Ali***01', '100.00'),
    ]);
    expect(live.bets.map((row) => [row.betId, row.amount, row.multiplierX100, row.winAmount])).toEqual([
      ['2', '50.00', 250, '125.00'],
      ['1', '100.00', null, null],
      ['3', '20.00', null, null],
    ]);
    expect(live.players).toBe(3);
    expect(live.totalStake).toBe('170.00');
  });

  it('ignores the server’s list of another round', () => {
    const live = combineLiveBets(server, '8', [bet('9', 'Dan***09', '10.00')]);
    expect(live.bets.map((row) => row.betId)).toEqual(['9']);
    expect(live).toMatchObject({ players: 1, totalStake: '10.00' });
  });

  it('counts a second bet of a known player once among the players', () => {
    const live = combineLiveBets(server, '7', [bet('4', 'Ali***01', '5.00')]);
    expect(live).toMatchObject({ players: 2, totalStake: '155.00' });
  });

  it('is empty before anything is known', () => {
    expect(combineLiveBets(undefined, undefined, [])).toEqual({ bets: [], players: 0, totalStake: '0.00' });
  });
});
