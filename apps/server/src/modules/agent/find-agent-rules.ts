import { AGENT_LEVEL_WINDOW_DAYS, AGENT_TEAM_MAX_DEPTH, formatMoney, type TAgentRulesResponse } from '@mayur/contracts';
import type { Config } from '../../platform/config.ts';

/**
 * `/agent/rules`: the programme as this server is configured, for the rules screen. Level L0 asks
 * nothing; each level above it asks what AGENT_LEVEL_THRESHOLDS says and pays its row of
 * AGENT_COMMISSION_RATES_BP. The same for every player, so it reads no data.
 */
export function findAgentRules(config: Config): TAgentRulesResponse {
  const { commissionRatesBp, levelThresholds, inviteBonusPaise, inviteBonusThresholdPaise } = config.agent;
  return {
    levels: commissionRatesBp.map((ratesBp, level) => {
      const threshold = level === 0 ? undefined : levelThresholds[level - 1];
      return {
        level,
        minTeamSize: threshold?.minTeamSize ?? 0,
        minTeamDeposits: formatMoney(threshold?.minTeamDepositsPaise ?? 0n),
        minTeamBets: formatMoney(threshold?.minTeamBetsPaise ?? 0n),
        ratesBp: [...ratesBp],
      };
    }),
    levelWindowDays: AGENT_LEVEL_WINDOW_DAYS,
    inviteBonusAmount: formatMoney(inviteBonusPaise),
    inviteBonusThreshold: formatMoney(inviteBonusThresholdPaise),
    payTime: '01:00',
    timeZone: 'Asia/Kolkata',
    maxDepth: AGENT_TEAM_MAX_DEPTH,
  };
}
