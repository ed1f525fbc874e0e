import { z } from 'zod';
import { AGENT_PROGRAMME_MAX_LEVELS, findAgentProgrammeProblems } from '@mayur/rules/agent-programme-rules';
import { refuse, refuseSentence, rupees, wholeNumber, wholeRupeesToPaise } from '../../platform/env-fields.ts';

// The agent programme's first version (decisions 0012–0014): the invite bonus, the daily commission
// rates per level and depth, and what a team must reach for each level. Once an owner saves a change
// in the console, the database's versions decide (decision 0023, programme-settings.ts).

/** What a team must reach for one agent level above L0. */
export type AgentLevelThreshold = { minTeamSize: number; minTeamDepositsPaise: bigint; minTeamBetsPaise: bigint };

export type AgentSettings = {
  /** Paid once to the inviter when a direct subordinate's completed recharges first reach the threshold; 0 turns it off (decision 0012). */
  inviteBonusPaise: bigint;
  inviteBonusThresholdPaise: bigint;
  /**
   * Daily commission rates in basis points (1 bp = 0.01 %): one row per agent level (L0 first), six
   * depths per row; a level past the last row uses the last row (decision 0013).
   */
  commissionRatesBp: number[][];
  /**
   * What a team must reach for each level above L0 (L1 first): members now (depths 1–6), and
   * completed recharges and valid bets over AGENT_LEVEL_WINDOW_DAYS days; one entry per commission
   * rate row after L0 (decision 0014).
   */
  levelThresholds: AgentLevelThreshold[];
  /** How often the clock leader recomputes today's team statistics. */
  statsRefreshSeconds: number;
};

export const DEFAULT_COMMISSION_RATES_BP = '60,18,6,2,1,1;70,21,7,3,1,1;80,24,8,3,2,1';

/** `d1,…,d6;d1,…,d6;…`: per level (L0 first), six integer basis points from 0 to 10000 each. */
const commissionRates = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = value === undefined || value === '' ? DEFAULT_COMMISSION_RATES_BP : value;
    if (text.split(';').length > AGENT_PROGRAMME_MAX_LEVELS)
      return refuse(ctx, `may have at most ${AGENT_PROGRAMME_MAX_LEVELS} levels (rows), got "${text}"`);
    const rows = text.split(';').map((row) => row.split(',').map((cell) => Number(cell.trim())));
    if (
      rows.some((rates) => rates.length !== 6 || rates.some((rate) => !Number.isSafeInteger(rate) || rate < 0 || rate > 10_000))
    )
      return refuse(ctx, `must be rows of six basis points (0–10000) separated by ";", got "${text}"`);
    return rows;
  });

export const DEFAULT_LEVEL_THRESHOLDS = '10,10000,100000;50,100000,1000000';

/** `teamSize,depositRupees,betRupees;…` for L1, L2, …; unset, the defaults. */
const levelThresholdEntries = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const isDefault = value === undefined || value.trim() === '';
    const text = isDefault ? DEFAULT_LEVEL_THRESHOLDS : value;
    const entries: AgentLevelThreshold[] = [];
    for (const entry of text.split(';')) {
      const cells = entry.split(',').map((cell) => cell.trim());
      const [teamSize = '', depositRupees = '', betRupees = ''] = cells;
      const [deposits, bets] = [wholeRupeesToPaise(depositRupees), wholeRupeesToPaise(betRupees)];
      if (cells.length !== 3 || !/^\d{1,12}$/.test(teamSize) || deposits === null || bets === null)
        return refuse(ctx, `must be entries "teamSize,depositRupees,betRupees" separated by ";", got "${text}"`);
      entries.push({ minTeamSize: Number(teamSize), minTeamDepositsPaise: deposits, minTeamBetsPaise: bets });
    }
    return { isDefault, text, entries };
  });

/**
 * One entry per commission rate row after L0. Unset, the defaults' first entries serve as many levels
 * as the rates have. Every entry must be at least the one before in every figure, so that reaching a
 * level means reaching the ones below it: the console's rule (agent-programme-rules.ts), on the
 * thresholds alone.
 */
function levelThresholdsFor(
  thresholds: z.output<typeof levelThresholdEntries>,
  rateRows: number,
): { problem: string } | { levelThresholds: AgentLevelThreshold[] } {
  const { isDefault, text, entries } = thresholds;
  const levelsAboveZero = rateRows - 1;
  if (isDefault && levelsAboveZero <= entries.length) return { levelThresholds: entries.slice(0, levelsAboveZero) };
  if (entries.length !== levelsAboveZero)
    return {
      problem: `AGENT_LEVEL_THRESHOLDS must have one entry per agent level above L0: AGENT_COMMISSION_RATES_BP has ${rateRows} levels (L0–L${levelsAboveZero}), so ${levelsAboveZero} entries, got ${isDefault ? 'the default' : `"${text}"`} with ${entries.length}`,
    };
  const problem = findAgentProgrammeProblems({
    levels: [{ minTeamSize: 0, minTeamDepositsPaise: 0n, minTeamBetsPaise: 0n }, ...entries].map((entry) => ({
      ratesBp: [0, 0, 0, 0, 0, 0],
      minTeamSize: entry.minTeamSize,
      minTeamDepositsRupees: Number(entry.minTeamDepositsPaise / 100n),
      minTeamBetsRupees: Number(entry.minTeamBetsPaise / 100n),
    })),
    inviteBonusRupees: 0,
    inviteBonusThresholdRupees: 1,
  })[0];
  const level = problem?.path[1];
  if (typeof level === 'number')
    return {
      problem: `AGENT_LEVEL_THRESHOLDS: L${level} must ask at least what L${level - 1} asks in every figure, got "${text}"`,
    };
  return { levelThresholds: entries };
}

export const agentEnv = z
  .object({
    INVITE_BONUS_RUPEES: rupees(158),
    INVITE_BONUS_THRESHOLD_RUPEES: rupees(300, { isPositive: true }),
    AGENT_COMMISSION_RATES_BP: commissionRates,
    AGENT_LEVEL_THRESHOLDS: levelThresholdEntries,
    AGENT_STATS_REFRESH_SECONDS: wholeNumber(300, { atLeast: 1 }),
  })
  .transform((fields, ctx): AgentSettings => {
    const thresholds = levelThresholdsFor(fields.AGENT_LEVEL_THRESHOLDS, fields.AGENT_COMMISSION_RATES_BP.length);
    if ('problem' in thresholds) return refuseSentence(ctx, thresholds.problem);
    return {
      inviteBonusPaise: fields.INVITE_BONUS_RUPEES,
      inviteBonusThresholdPaise: fields.INVITE_BONUS_THRESHOLD_RUPEES,
      commissionRatesBp: fields.AGENT_COMMISSION_RATES_BP,
      levelThresholds: thresholds.levelThresholds,
      statsRefreshSeconds: fields.AGENT_STATS_REFRESH_SECONDS,
    };
  });
