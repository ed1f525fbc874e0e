import { AGENT_LEVEL_WINDOW_DAYS, formatMoney } from '@mayur/contracts';
import { AGENT_COMMISSION_RUNS_LIMIT } from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { findCommissionRuns } from '../agent/find-commission-runs.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// The agent programme in the console, read-only: its levels, thresholds, rates and invite bonus are
// the server's settings (AGENT_COMMISSION_RATES_BP, AGENT_LEVEL_THRESHOLDS, INVITE_BONUS_*: decisions
// 0012–0014), checked at start, so the console shows what runs; commission runs come from the agent
// module's tables.

export function registerAgentSettingsRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  registerAdminEndpoint(scope, bo, '/agents/programme', async () => {
    const { agent } = bo.app.config;
    const runs = await findCommissionRuns(bo.app.db, AGENT_COMMISSION_RUNS_LIMIT);
    return {
      levels: agent.commissionRatesBp.map((ratesBp, level) => {
        const threshold = level === 0 ? null : agent.levelThresholds[level - 1];
        return {
          level,
          minTeamSize: threshold?.minTeamSize ?? 0,
          minTeamDeposits: formatMoney(threshold?.minTeamDepositsPaise ?? 0n),
          minTeamBets: formatMoney(threshold?.minTeamBetsPaise ?? 0n),
          ratesBp,
        };
      }),
      levelWindowDays: AGENT_LEVEL_WINDOW_DAYS,
      inviteBonus: { amount: formatMoney(agent.inviteBonusPaise), threshold: formatMoney(agent.inviteBonusThresholdPaise) },
      commissionRuns: runs.map((run) => ({
        day: run.day,
        paidTime: run.paidAt.toISOString(),
        agents: run.agents,
        lines: run.lines,
        total: formatMoney(run.totalPaise),
      })),
    };
  });
}
