import { describe, expect, it } from 'vitest';
import { agentRangeProblem } from '@mayur/rules/agent-periods';
import { isAutoCashoutX100 } from '@mayur/rules/crash-rules';
import { isContractCount, MAX_CONTRACT_COUNT } from '@mayur/rules/lottery-rules';
import { ZAgentRange } from './agent.ts';
import { ZCrashPourRequest } from './crash.ts';
import { ZWingoPourRequest } from './lottery.ts';
import { parseHelpOrganisations } from './protection.ts';

// The schemas accept exactly what the rules the screens check with accept: a form and the server
// can never disagree on a valid range, target or count.

describe('the schemas agree with the rules', () => {
  it('takes the automatic cash-out range the crash rules take', () => {
    const pour = (autoCashoutX100: number) =>
      ZCrashPourRequest.safeParse({ room: 'limbo', amount: '10.00', autoCashoutX100, requestKey: 'key-12345678' }).success;
    for (const target of [100, 101, 1_000_000, 1_000_001]) expect(pour(target), String(target)).toBe(isAutoCashoutX100(target));
  });

  it('takes 1 to 1 000 contracts, the count the bet request accepts', () => {
    const pour = (contractCount: number) =>
      ZWingoPourRequest.safeParse({
        min: 60,
        select: 'green',
        period: '20261122010001',
        contractMoney: '1.00',
        contractCount,
        agree: true,
        requestKey: 'key-12345678',
      }).success;
    for (const count of [0, 1, MAX_CONTRACT_COUNT, MAX_CONTRACT_COUNT + 1, 1.5])
      expect(pour(count), String(count)).toBe(isContractCount(count));
    expect([1, 1_000].map(isContractCount)).toEqual([true, true]);
    expect([0, 1_001, 2.5].map(isContractCount)).toEqual([false, false, false]);
  });

  it('agrees with ZAgentRange apart from the server-side "not after today"', () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-01-01'],
      ['2026-01-01', '2026-04-03'],
      ['2026-01-01', '2026-04-04'],
      ['2025-12-31', '2026-03-02'],
    ] as const) {
      // A far-future "today" leaves only the rules ZAgentRange checks.
      expect(agentRangeProblem({ from, to }, '2999-12-31') === null, `${from}..${to}`).toBe(
        ZAgentRange.safeParse({ from, to }).success,
      );
    }
  });
});

describe('help organisations setting', () => {
  it('is none when unset, a checked list when set, and a reason when broken', () => {
    expect(parseHelpOrganisations(undefined)).toEqual([]);
    expect(parseHelpOrganisations('  ')).toEqual([]);
    expect(parseHelpOrganisations('[{"name":"Helpline","phone":"+91 1800 000 000","url":"https://example.org/help"}]')).toEqual([
      { name: 'Helpline', phone: '+91 1800 000 000', url: 'https://example.org/help' },
    ]);
    expect(parseHelpOrganisations('not json')).toBe('it is not JSON');
    expect(typeof parseHelpOrganisations('[{"name":"x","url":"javascript:alert(1)"}]')).toBe('string');
    expect(typeof parseHelpOrganisations('[{"name":"x","colour":"red"}]')).toBe('string');
    expect(typeof parseHelpOrganisations('{"name":"x"}')).toBe('string');
  });
});
