import { AGENT_LEVEL_WINDOW_DAYS } from '@mayur/rules/agent-periods';
import { formatMoney } from '@mayur/rules/money';
import { needsSecondOwner, type AgentProgrammeInput } from '@mayur/rules/agent-programme-rules';
import { AGENT_COMMISSION_RUNS_LIMIT, AGENT_PROGRAMME_HISTORY_LIMIT, type TAgentProgrammeVersion } from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { findCommissionRuns } from '../agent/find-commission-runs.ts';
import { shiftDay, kolkataDay } from '@mayur/rules/kolkata-day';
import {
  findScheduledAfter,
  findSettingsHistory,
  findSettingsOn,
  levelsView,
  saveProgrammeChange,
  settingsAsInput,
  settingsFromConfig,
  settingsFromInput,
  type ProgrammeVersion,
} from '../agent/programme-settings.ts';
import type { Queryable } from '../../platform/db/db.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { askSecondOwner } from './owner-requests.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// The agent programme in the console (decision 0023, "Agent programme"): the settings in effect today,
// a change waiting for its day, every version, and the daily commission runs; owners save a change,
// which the agent module stores as a version from the next business day (India time). The request was
// checked by the contract's schema, which applies the shared rule (`findAgentProgrammeProblems`). A
// change beyond the single-owner bounds (contracts' `needsSecondOwner`) is only asked for: a second
// owner makes it by approving the request (operator-powers.ts).

function asVersion(version: ProgrammeVersion): TAgentProgrammeVersion {
  return {
    id: version.id,
    effectiveFrom: version.effectiveFrom,
    levels: levelsView(version),
    inviteBonus: { amount: formatMoney(version.inviteBonusPaise), threshold: formatMoney(version.inviteBonusThresholdPaise) },
    changedBy: version.changedBy,
    changeTime: version.changedAt?.toISOString() ?? null,
  };
}

export function registerAgentSettingsRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  registerAdminEndpoint(scope, bo, '/agents/programme', async () => {
    const { db, clock, config } = bo.app;
    const defaults = settingsFromConfig(config);
    const today = kolkataDay(clock.now().getTime());
    const inEffect = asVersion(await findSettingsOn(db, defaults, today));
    const scheduled = await findScheduledAfter(db, today);
    const history = await findSettingsHistory(db, defaults, AGENT_PROGRAMME_HISTORY_LIMIT);
    const runs = await findCommissionRuns(db, AGENT_COMMISSION_RUNS_LIMIT);
    return {
      levels: inEffect.levels,
      levelWindowDays: AGENT_LEVEL_WINDOW_DAYS,
      inviteBonus: inEffect.inviteBonus,
      commissionRuns: runs.map((run) => ({
        day: run.day,
        paidTime: run.paidAt.toISOString(),
        agents: run.agents,
        lines: run.lines,
        total: formatMoney(run.totalPaise),
      })),
      today,
      effectiveFrom: inEffect.effectiveFrom,
      changeFrom: shiftDay(today, 1),
      scheduled: scheduled ? asVersion(scheduled) : null,
      history: history.map(asVersion),
      singleOwnerBounds: singleOwnerBounds(config.admin.agentProgrammeSingleOwner),
    };
  });

  registerAdminEndpoint(scope, bo, '/agents/programme/save', async ({ input, principal, audit, recordWithin }) => {
    const { db, clock, config } = bo.app;
    const bounds = singleOwnerBounds(config.admin.agentProgrammeSingleOwner);
    return db.transaction(async (tx) => {
      if (needsSecondOwner(input, bounds)) {
        const ownerRequest = await askSecondOwner(tx, {
          kind: 'agent-programme',
          subjectOperatorId: null,
          payload: input,
          requestedBy: principal.operator.id,
          now: clock.now(),
        });
        audit.before = null;
        audit.after = ownerRequest;
        await recordWithin(tx);
        return { version: null, ownerRequest };
      }
      const saved = await saveAgentProgramme(bo, tx, input, principal.operator);
      audit.before = saved.before;
      audit.after = saved.after;
      await recordWithin(tx);
      return { version: saved.version, ownerRequest: null };
    });
  });
}

function singleOwnerBounds(bounds: { maxRateSumBp: number; maxInviteBonusPaise: bigint }) {
  return { maxRateSumBp: bounds.maxRateSumBp, maxInviteBonusRupees: Number(bounds.maxInviteBonusPaise / 100n) };
}

/**
 * Stores a programme change as a version from the next business day, in the caller's transaction:
 * an owner's change within the single-owner bounds, or one a second owner approved (operator-powers.ts).
 */
export async function saveAgentProgramme(
  bo: BackOfficeContext,
  tx: Queryable,
  input: AgentProgrammeInput,
  changedBy: { id: string; login: string },
) {
  const saved = await saveProgrammeChange(tx, settingsFromConfig(bo.app.config), settingsFromInput(input), {
    nowMs: bo.app.clock.now().getTime(),
    changedBy: `operator:${changedBy.login}`,
    operatorId: changedBy.id,
  });
  return {
    before: { effectiveFrom: saved.before.effectiveFrom, ...settingsAsInput(saved.before) },
    after: { effectiveFrom: saved.after.effectiveFrom, ...settingsAsInput(saved.after) },
    version: asVersion(saved.after),
  };
}
