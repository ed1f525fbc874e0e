import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { raisedRequirement, toWire, wageringProgress } from './bonus-wagering.ts';

const none = { baselinePaise: 0n, targetPaise: 0n };

describe('raisedRequirement', () => {
  it('asks bets of the multiplier times the credit, counted from the bets made so far', () => {
    expect(raisedRequirement(none, 12_000n, 5_000n, 100n)).toEqual({ baselinePaise: 12_000n, targetPaise: 17_000n });
    expect(raisedRequirement(none, 0n, 5_000n, 250n)).toEqual({ baselinePaise: 0n, targetPaise: 12_500n });
    // Hundredths of a paisa owed round up, never down.
    expect(raisedRequirement(none, 0n, 3n, 150n)).toEqual({ baselinePaise: 0n, targetPaise: 5n });
  });

  it('adds a credit to a requirement still running, and starts a new one after a met one', () => {
    const running = { baselinePaise: 1_000n, targetPaise: 6_000n };
    expect(raisedRequirement(running, 4_000n, 2_000n, 100n)).toEqual({ baselinePaise: 1_000n, targetPaise: 8_000n });
    expect(raisedRequirement(running, 9_000n, 2_000n, 100n)).toEqual({ baselinePaise: 9_000n, targetPaise: 11_000n });
  });
});

describe('wageringProgress', () => {
  const running = { baselinePaise: 1_000n, targetPaise: 6_000n };

  it('shows the running requirement, the part bet and the rest', () => {
    expect(wageringProgress(running, 1_000n, 100n)).toEqual({ requiredPaise: 5_000n, wageredPaise: 0n, remainingPaise: 5_000n });
    expect(wageringProgress(running, 4_250n, 100n)).toEqual({
      requiredPaise: 5_000n,
      wageredPaise: 3_250n,
      remainingPaise: 1_750n,
    });
    expect(wageringProgress(running, 9_999n, 100n)).toEqual({
      requiredPaise: 5_000n,
      wageredPaise: 5_000n,
      remainingPaise: 0n,
    });
  });

  it('owes nothing when the operator turned the requirement off', () => {
    expect(wageringProgress(running, 1_000n, 0n)).toEqual({ requiredPaise: 0n, wageredPaise: 0n, remainingPaise: 0n });
  });

  it('puts money on the wire as two-decimal text', () => {
    expect(toWire(5_000n, { requiredPaise: 5_000n, wageredPaise: 3_250n, remainingPaise: 1_750n })).toEqual({
      bonus: '50.00',
      required: '50.00',
      wagered: '32.50',
      remaining: '17.50',
      isExchangeable: false,
    });
  });
});

describe('BONUS_WAGERING_MULTIPLIER', () => {
  const load = (value?: string) =>
    loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { BONUS_WAGERING_MULTIPLIER: value }) })
      .bonusWageringMultiplierX100;

  it('defaults to bets of 1× the bonus and takes up to two decimals, 0 turning it off', () => {
    expect(load()).toBe(100n);
    expect(load('2.5')).toBe(250n);
    expect(load('0')).toBe(0n);
    expect(load('1.05')).toBe(105n);
  });

  it('refuses anything else at start', () => {
    for (const bad of ['-1', '1.234', 'x', '1e3', '1000']) expect(() => load(bad)).toThrow(/BONUS_WAGERING_MULTIPLIER/);
  });
});
