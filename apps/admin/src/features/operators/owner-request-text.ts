import { rateSumBp } from '@mayur/rules/agent-programme-rules';
import { ZAgentProgrammeSaveRequest, type TOwnerRequest } from '@mayur/contracts/admin';

// A waiting change in words, as an owner reads it before deciding: whom it is about, or what the
// agent programme would set (each level's rates in all and by depth, and the invite bonus).

type Translate = (key: string, options?: Record<string, unknown>) => string;

const percent = (bp: number) => `${(bp / 100).toFixed(2)} %`;

function programmeText(t: Translate, payload: unknown): string {
  const parsed = ZAgentProgrammeSaveRequest.safeParse(payload);
  if (!parsed.success) return t('ownerRequests.programmeUnreadable');
  const levels = parsed.data.levels
    .map((level, index) =>
      t('ownerRequests.programmeLevel', {
        level: index,
        sum: percent(rateSumBp(level)),
        rates: level.ratesBp.map(percent).join(' / '),
      }),
    )
    .join('; ');
  return t('ownerRequests.programme', {
    levels,
    bonus: parsed.data.inviteBonusRupees,
    threshold: parsed.data.inviteBonusThresholdRupees,
  });
}

export function ownerRequestText(t: Translate, request: TOwnerRequest): string {
  if (request.kind === 'agent-programme') return programmeText(t, request.payload);
  const subject = request.subject ? { name: request.subject.name, login: request.subject.login } : { name: '?', login: '?' };
  return request.kind === 'operator-reset' ? t('ownerRequests.reset', subject) : t('ownerRequests.disable', subject);
}

/** What approving makes happen, said before the owner confirms. */
export function approvalEffectKey(request: TOwnerRequest): string {
  return {
    'operator-reset': 'ownerRequests.approveReset',
    'operator-disable': 'ownerRequests.approveDisable',
    'agent-programme': 'ownerRequests.approveProgramme',
  }[request.kind];
}
