import { z } from 'zod';
import {
  AGENT_PROGRAMME_MAX_LEVELS,
  AGENT_RATE_DEPTHS,
  findAgentProgrammeProblems,
  type AgentProgrammeInput,
} from '@mayur/rules/agent-programme-rules';
import { zMoneyText } from '../fields.ts';
import { ZOwnerRequest } from './schemas.ts';
import type { AdminEndpointDefinition } from './endpoints.ts';
import type { OperatorRole } from './roles.ts';

export { AGENT_PROGRAMME_MAX_LEVELS, AGENT_RATE_DEPTHS, findAgentProgrammeProblems };
export type { AgentProgrammeInput };

// Changing the agent programme from the console (decision 0023, "Agent programme"): a change is a new
// version of the settings that takes effect from the next business day (India time), so a day already
// running is paid under one set of rates. Only owners change it: it decides what the house pays every
// agent every day. A change beyond the single-owner bounds (AGENT_PROGRAMME_SINGLE_OWNER_*) waits for a
// second owner's approval (decision 0029).

/** Owners only: least privilege for a change of money policy. */
export const PROGRAMME_EDITORS = ['owner'] as const satisfies readonly OperatorRole[];

const zWhole = (code: string) => z.number({ error: code }).int({ error: code });

/** The form as the console sends it and the server takes it; the rule is findAgentProgrammeProblems. */
export const ZAgentProgrammeSaveRequest = z
  .object({
    levels: z
      .array(
        z.object({
          ratesBp: z.array(zWhole('AGENT_RATES_INVALID'), { error: 'AGENT_RATES_INVALID' }),
          minTeamSize: zWhole('AGENT_THRESHOLDS_INVALID'),
          minTeamDepositsRupees: zWhole('AGENT_THRESHOLDS_INVALID'),
          minTeamBetsRupees: zWhole('AGENT_THRESHOLDS_INVALID'),
        }),
        { error: 'AGENT_RATES_INVALID' },
      )
      .max(AGENT_PROGRAMME_MAX_LEVELS, { error: 'AGENT_RATES_INVALID' }),
    inviteBonusRupees: zWhole('INVITE_BONUS_INVALID'),
    inviteBonusThresholdRupees: zWhole('INVITE_BONUS_INVALID'),
  })
  .superRefine((input, context) => {
    for (const problem of findAgentProgrammeProblems(input))
      context.addIssue({ code: 'custom', message: problem.code, path: problem.path });
  });
export type TAgentProgrammeSaveRequest = z.input<typeof ZAgentProgrammeSaveRequest>;

/** One version of the programme: what it sets and from which business day. */
export const ZAgentProgrammeVersion = z.object({
  /** Null: the server's settings, in effect until the first change from the console. */
  id: z.string().nullable(),
  /** The first business day (YYYY-MM-DD, India time) it applies to; null for the server's settings. */
  effectiveFrom: z.string().nullable(),
  levels: z.array(
    z.object({
      level: z.number().int(),
      minTeamSize: z.number().int(),
      minTeamDeposits: zMoneyText,
      minTeamBets: zMoneyText,
      ratesBp: z.array(z.number().int()),
    }),
  ),
  inviteBonus: z.object({ amount: zMoneyText, threshold: zMoneyText }),
  /** `operator:<login>`, or `settings` for the server's settings. */
  changedBy: z.string(),
  changeTime: z.string().nullable(),
});
export type TAgentProgrammeVersion = z.infer<typeof ZAgentProgrammeVersion>;

/** What saving answers: the version stored, or the request a second owner must approve. */
export const ZAgentProgrammeSaveResponse = z.object({
  version: ZAgentProgrammeVersion.nullable(),
  ownerRequest: ZOwnerRequest.nullable(),
});
export type TAgentProgrammeSaveResponse = z.infer<typeof ZAgentProgrammeSaveResponse>;

/** Newest first; the programme's whole history is a few rows a year. */
export const AGENT_PROGRAMME_HISTORY_LIMIT = 100;

export const agentProgrammeEndpoints = {
  '/agents/programme/save': {
    request: ZAgentProgrammeSaveRequest,
    response: ZAgentProgrammeSaveResponse,
    access: PROGRAMME_EDITORS,
    audit: 'change',
    summary:
      'Change the agent programme (levels, thresholds, commission rates per depth, invite bonus): a new version from the next business day (India time); the running day keeps its rates. Beyond the single-owner bounds it waits for a second owner',
    tag: 'agents',
  },
} satisfies Record<string, AdminEndpointDefinition>;
