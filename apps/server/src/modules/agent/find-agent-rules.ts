import { type TAgentRulesResponse } from '@mayur/contracts';
import { AGENT_LEVEL_WINDOW_DAYS, AGENT_TEAM_MAX_DEPTH } from '@mayur/rules/agent-periods';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../platform/context.ts';
import { findTodaysSettings, levelsView } from './programme-settings.ts';

/**
 * `/agent/rules`: the programme in effect today, for the rules screen (decision 0023: the version of
 * the console's settings for today, else the server's AGENT_LEVEL_THRESHOLDS, AGENT_COMMISSION_RATES_BP
 * and INVITE_BONUS_*). Level L0 asks nothing; each level above it asks its thresholds and pays its row
 * of rates. The same for every player: read through this node's short cache of today's settings.
 */
export async function findAgentRules(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>): Promise<TAgentRulesResponse> {
  const settings = await findTodaysSettings(ctx);
  return {
    levels: levelsView(settings),
    levelWindowDays: AGENT_LEVEL_WINDOW_DAYS,
    inviteBonusAmount: formatMoney(settings.inviteBonusPaise),
    inviteBonusThreshold: formatMoney(settings.inviteBonusThresholdPaise),
    payTime: '01:00',
    timeZone: 'Asia/Kolkata',
    maxDepth: AGENT_TEAM_MAX_DEPTH,
  };
}
