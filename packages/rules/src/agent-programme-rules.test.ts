import { describe, expect, it } from 'vitest';
import { findAgentProgrammeProblems, type AgentProgrammeInput } from './agent-programme-rules.ts';

// The one rule the server's settings, the console's form and the console's endpoint all apply.

const L0 = { ratesBp: [60, 18, 6, 2, 1, 1], minTeamSize: 0, minTeamDepositsRupees: 0, minTeamBetsRupees: 0 };
const L1 = { ratesBp: [70, 21, 7, 3, 1, 1], minTeamSize: 10, minTeamDepositsRupees: 10_000, minTeamBetsRupees: 100_000 };
const valid: AgentProgrammeInput = { levels: [L0, L1], inviteBonusRupees: 158, inviteBonusThresholdRupees: 300 };

function codes(change: Partial<AgentProgrammeInput>) {
  return findAgentProgrammeProblems({ ...valid, ...change }).map((problem) => `${problem.code} ${problem.path.join('.')}`);
}

describe('findAgentProgrammeProblems', () => {
  it('accepts the default programme, a bonus turned off and a level asking the same as the one below', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ inviteBonusRupees: 0 })).toEqual([]);
    expect(codes({ levels: [L0, L1, { ...L1, ratesBp: [80, 24, 8, 3, 2, 1] }] })).toEqual([]);
  });

  it('refuses rates that are not six whole basis points from 0 to 10,000, and no level or too many', () => {
    expect(codes({ levels: [{ ...L0, ratesBp: [10_001, 0, 0, 0, 0, 0] }] })).toEqual(['AGENT_RATES_INVALID levels.0.ratesBp']);
    expect(codes({ levels: [{ ...L0, ratesBp: [-1, 0, 0, 0, 0, 0] }] })).toEqual(['AGENT_RATES_INVALID levels.0.ratesBp']);
    expect(codes({ levels: [{ ...L0, ratesBp: [1.5, 0, 0, 0, 0, 0] }] })).toEqual(['AGENT_RATES_INVALID levels.0.ratesBp']);
    expect(codes({ levels: [{ ...L0, ratesBp: [1, 2, 3, 4, 5] }] })).toEqual(['AGENT_RATES_INVALID levels.0.ratesBp']);
    expect(codes({ levels: [] })).toEqual(['AGENT_RATES_INVALID levels']);
    expect(codes({ levels: [L0, ...Array.from({ length: 20 }, () => L1)] })).toEqual(['AGENT_RATES_INVALID levels']);
  });

  it('refuses thresholds for L0, fractions, and a level asking less than the one below in any figure', () => {
    expect(codes({ levels: [{ ...L0, minTeamSize: 1 }, L1] })).toEqual(['AGENT_THRESHOLDS_INVALID levels.0']);
    expect(codes({ levels: [L0, { ...L1, minTeamBetsRupees: 0.5 }] })).toEqual(['AGENT_THRESHOLDS_INVALID levels.1']);
    expect(codes({ levels: [L0, L1, { ...L1, minTeamDepositsRupees: 9_999 }] })).toEqual(['AGENT_THRESHOLDS_INVALID levels.2']);
  });

  it('refuses an invite bonus that is not whole rupees, and a threshold under ₹1', () => {
    expect(codes({ inviteBonusRupees: -1 })).toEqual(['INVITE_BONUS_INVALID inviteBonusRupees']);
    expect(codes({ inviteBonusRupees: 1.5 })).toEqual(['INVITE_BONUS_INVALID inviteBonusRupees']);
    expect(codes({ inviteBonusThresholdRupees: 0 })).toEqual(['INVITE_BONUS_INVALID inviteBonusThresholdRupees']);
    expect(codes({ inviteBonusThresholdRupees: 1e13 })).toEqual(['INVITE_BONUS_INVALID inviteBonusThresholdRupees']);
  });
});
