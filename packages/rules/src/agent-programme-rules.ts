// The agent programme's settings and the rule they obey (decisions 0012–0014, 0023): the server checks
// a change from the console with it, the console checks its form with it before asking, so the two
// cannot disagree. Dependency-free: the server and the browser both read it.

/** At most this many levels (L0–L19): a programme is a handful of rows, and every screen shows them all. */
export const AGENT_PROGRAMME_MAX_LEVELS = 20;
/** A rate is integer basis points of a member's valid bets: 10,000 bp = 100 %. */
export const AGENT_RATE_MAX_BP = 10_000;
/** Whole rupees and team sizes: twelve digits at most, as the server's settings take them. */
export const AGENT_WHOLE_MAX = 999_999_999_999;
/** Depths paid per level (the closure table's depth, decision 0012). */
export const AGENT_RATE_DEPTHS = 6;
/**
 * What one level may pay in all, over its six depths: 1,000 bp, 10 % of the team's valid bets, every
 * day, to cash. Past it the programme pays agents more than any game keeps (the lottery's fee is 2 %),
 * whoever saves it.
 */
export const AGENT_RATE_SUM_MAX_BP = 1_000;

export type AgentProgrammeLevelInput = {
  /** Basis points per depth 1–6. */
  ratesBp: readonly number[];
  /** What the team must reach for this level (L0 asks nothing: all three are 0). */
  minTeamSize: number;
  minTeamDepositsRupees: number;
  minTeamBetsRupees: number;
};

export type AgentProgrammeInput = {
  /** L0 first. */
  levels: readonly AgentProgrammeLevelInput[];
  /** Paid once per direct subordinate; 0 turns the invite bonus off. */
  inviteBonusRupees: number;
  /** The subordinate's completed recharges must first reach this; at least 1 rupee. */
  inviteBonusThresholdRupees: number;
};

export type AgentProgrammeProblemCode = 'AGENT_RATES_INVALID' | 'AGENT_THRESHOLDS_INVALID' | 'INVITE_BONUS_INVALID';
export type AgentProgrammeProblem = { code: AgentProgrammeProblemCode; path: Array<string | number> };

function isWhole(value: number, min: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= AGENT_WHOLE_MAX;
}

/**
 * Everything wrong with a programme, empty when it may run: one to AGENT_PROGRAMME_MAX_LEVELS levels;
 * six rates of 0–10,000 bp each; thresholds whole numbers, none for L0, and every level asking at least
 * what the level below asks in each figure (so reaching a level means reaching those below it); the
 * invite bonus a whole number of rupees (0: off), its threshold at least ₹1. The same rules as the
 * server's settings (AGENT_COMMISSION_RATES_BP, AGENT_LEVEL_THRESHOLDS, INVITE_BONUS_*).
 */
export function findAgentProgrammeProblems(input: AgentProgrammeInput): AgentProgrammeProblem[] {
  // (Also: a level's six rates add up to at most AGENT_RATE_SUM_MAX_BP, and the invite bonus is at most
  // its recharge threshold: a bonus larger than the deposit that earns it is money for nothing.)
  const problems: AgentProgrammeProblem[] = [];
  if (input.levels.length < 1 || input.levels.length > AGENT_PROGRAMME_MAX_LEVELS)
    problems.push({ code: 'AGENT_RATES_INVALID', path: ['levels'] });
  input.levels.forEach((level, index) => {
    if (
      level.ratesBp.length !== AGENT_RATE_DEPTHS ||
      level.ratesBp.some((rate) => !Number.isSafeInteger(rate) || rate < 0 || rate > AGENT_RATE_MAX_BP) ||
      rateSumBp(level) > AGENT_RATE_SUM_MAX_BP
    )
      problems.push({ code: 'AGENT_RATES_INVALID', path: ['levels', index, 'ratesBp'] });
    const figures = [level.minTeamSize, level.minTeamDepositsRupees, level.minTeamBetsRupees];
    const below = input.levels[index - 1];
    const belowFigures = below ? [below.minTeamSize, below.minTeamDepositsRupees, below.minTeamBetsRupees] : [0, 0, 0];
    const isWrong =
      figures.some((figure) => !isWhole(figure, 0)) ||
      (index === 0 && figures.some((figure) => figure !== 0)) ||
      figures.some((figure, at) => figure < belowFigures[at]!);
    if (isWrong) problems.push({ code: 'AGENT_THRESHOLDS_INVALID', path: ['levels', index] });
  });
  if (!isWhole(input.inviteBonusRupees, 0)) problems.push({ code: 'INVITE_BONUS_INVALID', path: ['inviteBonusRupees'] });
  if (!isWhole(input.inviteBonusThresholdRupees, 1))
    problems.push({ code: 'INVITE_BONUS_INVALID', path: ['inviteBonusThresholdRupees'] });
  else if (input.inviteBonusRupees > input.inviteBonusThresholdRupees)
    problems.push({ code: 'INVITE_BONUS_INVALID', path: ['inviteBonusRupees'] });
  return problems;
}

/** A level's six rates added up, in basis points. */
export function rateSumBp(level: Pick<AgentProgrammeLevelInput, 'ratesBp'>): number {
  return level.ratesBp.reduce((sum, rate) => sum + rate, 0);
}

/** What one owner may save alone (AGENT_PROGRAMME_SINGLE_OWNER_* settings); beyond it a second owner approves. */
export type AgentProgrammeSingleOwnerBounds = { maxRateSumBp: number; maxInviteBonusRupees: number };

/** Whether a programme goes beyond what one owner may save alone, so that a second owner must approve it. */
export function needsSecondOwner(input: AgentProgrammeInput, bounds: AgentProgrammeSingleOwnerBounds): boolean {
  return (
    input.levels.some((level) => rateSumBp(level) > bounds.maxRateSumBp) || input.inviteBonusRupees > bounds.maxInviteBonusRupees
  );
}
