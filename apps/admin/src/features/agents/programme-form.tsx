import { useMutation, useQueryClient } from '@tanstack/react-query';
import { needsSecondOwner, type AgentProgrammeSingleOwnerBounds } from '@mayur/rules/agent-programme-rules';
import {
  AGENT_PROGRAMME_MAX_LEVELS,
  ZAgentProgrammeSaveRequest,
  type TAgentProgrammeSaveRequest,
  type TAgentProgrammeSaveResponse,
  type TAgentProgrammeVersion,
} from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { errorText } from '../../shared/ui/states.tsx';
import { asNumber, ProgrammeGrid, type LevelDraft } from './programme-grid.tsx';
import './agents.css';

// Changing the agent programme (owners): the form starts from what will run on the day the change
// takes effect (a change already waiting for it, else today's settings), is checked by the contract's
// schema (the shared rule), and the confirmation lists every difference and the day it applies from.
// A change beyond what one owner may save alone (the contract's needsSecondOwner) is said so while
// typing and in the confirmation: saving then only asks a second owner, who decides on the Operators
// screen.

type Figures = Pick<TAgentProgrammeVersion, 'levels' | 'inviteBonus'>;
type Draft = { levels: LevelDraft[]; inviteBonusRupees: string; inviteBonusThresholdRupees: string };
type ToConfirm = { input: TAgentProgrammeSaveRequest; isForSecondOwner: boolean };

/** "10000.00" → "10000": the programme's amounts are whole rupees. */
const wholeRupees = (amount: string) => amount.replace(/\.00$/, '');
const percent = (bp: number | undefined) => (bp === undefined ? '—' : `${(bp / 100).toFixed(2)} %`);

function draftOf(figures: Figures): Draft {
  return {
    levels: figures.levels.map((level) => ({
      ratesBp: level.ratesBp.map(String),
      minTeamSize: String(level.minTeamSize),
      minTeamDepositsRupees: wholeRupees(level.minTeamDeposits),
      minTeamBetsRupees: wholeRupees(level.minTeamBets),
    })),
    inviteBonusRupees: wholeRupees(figures.inviteBonus.amount),
    inviteBonusThresholdRupees: wholeRupees(figures.inviteBonus.threshold),
  };
}

function requestOf(draft: Draft): TAgentProgrammeSaveRequest {
  return {
    levels: draft.levels.map((level) => ({
      ratesBp: level.ratesBp.map(asNumber),
      minTeamSize: asNumber(level.minTeamSize),
      minTeamDepositsRupees: asNumber(level.minTeamDepositsRupees),
      minTeamBetsRupees: asNumber(level.minTeamBetsRupees),
    })),
    inviteBonusRupees: asNumber(draft.inviteBonusRupees),
    inviteBonusThresholdRupees: asNumber(draft.inviteBonusThresholdRupees),
  };
}

/** Every difference between what would run and the request, as lines an operator reads before confirming. */
export function programmeChanges(
  t: (key: string, options?: Record<string, unknown>) => string,
  from: Figures,
  to: TAgentProgrammeSaveRequest,
): string[] {
  const lines: string[] = [];
  if (from.levels.length !== to.levels.length)
    lines.push(t('agents.change.levelCount', { from: from.levels.length, to: to.levels.length }));
  to.levels.forEach((level, index) => {
    const before = from.levels[index];
    if (!before) {
      lines.push(
        t('agents.change.newLevel', {
          level: index,
          size: level.minTeamSize,
          deposits: level.minTeamDepositsRupees,
          bets: level.minTeamBetsRupees,
          rates: level.ratesBp.map((bp) => percent(bp)).join(' · '),
        }),
      );
      return;
    }
    const figures = [
      ['minTeamSize', String(before.minTeamSize), String(level.minTeamSize)],
      ['minTeamDeposits', wholeRupees(before.minTeamDeposits), String(level.minTeamDepositsRupees)],
      ['minTeamBets', wholeRupees(before.minTeamBets), String(level.minTeamBetsRupees)],
    ] as const;
    for (const [name, was, now] of figures)
      if (was !== now)
        lines.push(t('agents.change.threshold', { level: index, figure: t(`agents.${name}`), from: was, to: now }));
    level.ratesBp.forEach((bp, at) => {
      if (before.ratesBp[at] !== bp)
        lines.push(t('agents.change.rate', { level: index, depth: at + 1, from: percent(before.ratesBp[at]), to: percent(bp) }));
    });
  });
  if (wholeRupees(from.inviteBonus.amount) !== String(to.inviteBonusRupees))
    lines.push(t('agents.change.bonus', { from: wholeRupees(from.inviteBonus.amount), to: to.inviteBonusRupees }));
  if (wholeRupees(from.inviteBonus.threshold) !== String(to.inviteBonusThresholdRupees))
    lines.push(
      t('agents.change.bonusThreshold', { from: wholeRupees(from.inviteBonus.threshold), to: to.inviteBonusThresholdRupees }),
    );
  return lines;
}

/** Whether the draft, read as the rule reads it, goes beyond what one owner may save alone. */
function isBeyondBounds(draft: Draft, bounds: AgentProgrammeSingleOwnerBounds): boolean {
  const parsed = ZAgentProgrammeSaveRequest.safeParse(requestOf(draft));
  return parsed.success && needsSecondOwner(parsed.data, bounds);
}

export function ProgrammeForm({
  start,
  changeFrom,
  bounds,
  onDone,
}: {
  start: Figures;
  changeFrom: string;
  bounds: AgentProgrammeSingleOwnerBounds;
  /** Called with what saving answered (a version, or a request for a second owner), or with nothing on cancel. */
  onDone(saved?: TAgentProgrammeSaveResponse): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(start));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [toConfirm, setToConfirm] = useState<ToConfirm | null>(null);
  const save = useMutation({
    mutationFn: (input: TAgentProgrammeSaveRequest) => adminApi('/agents/programme/save', input),
    onSuccess: async (saved) => {
      for (const queryKey of [['agentProgramme'], ['ownerRequests']]) await queryClient.invalidateQueries({ queryKey });
      onDone(saved);
    },
    onSettled: () => setToConfirm(null),
  });

  const setLevel = (index: number, change: Partial<LevelDraft>) =>
    setDraft((current) => ({
      ...current,
      levels: current.levels.map((level, at) => (at === index ? { ...level, ...change } : level)),
    }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = requestOf(draft);
    const parsed = ZAgentProgrammeSaveRequest.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        // Per level (its rates or thresholds), else per field.
        const key =
          issue.path[0] === 'levels' && typeof issue.path[1] === 'number'
            ? `levels.${issue.path[1]}`
            : String(issue.path[0] ?? 'form');
        found[key] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    setToConfirm({ input, isForSecondOwner: needsSecondOwner(parsed.data, bounds) });
  }

  const fieldError = (key: string) =>
    errors[key] ? (
      <span className="field-error" role="alert">
        {t(`errors.${errors[key]}`)}
      </span>
    ) : null;
  const changes = toConfirm ? programmeChanges(t, start, toConfirm.input) : [];
  const boundsText = { rateSum: bounds.maxRateSumBp.toLocaleString('en-GB'), bonus: bounds.maxInviteBonusRupees };

  return (
    <form className="card form wide programme-form" onSubmit={submit} noValidate aria-labelledby="programme-form-title">
      <h2 id="programme-form-title">{t('agents.edit')}</h2>
      <p className="hint">{t('agents.editHint', { day: changeFrom })}</p>
      <p className="hint">{t('agents.boundsHint', boundsText)}</p>
      <ProgrammeGrid
        levels={draft.levels}
        invalidLevels={new Set(draft.levels.flatMap((_, index) => (errors[`levels.${index}`] ? [index] : [])))}
        onLevelChange={setLevel}
      />
      {isBeyondBounds(draft, bounds) ? (
        <p className="notice" data-testid="needs-second-owner">
          {t('agents.beyondBounds', boundsText)}
        </p>
      ) : null}
      {fieldError('levels')}
      {draft.levels.map((_, index) =>
        errors[`levels.${index}`] ? (
          <p key={index} className="field-error" role="alert">
            L{index}: {t(`errors.${errors[`levels.${index}`]}`)}
          </p>
        ) : null,
      )}
      <div className="row">
        <button
          type="button"
          className="button secondary small"
          disabled={draft.levels.length >= AGENT_PROGRAMME_MAX_LEVELS}
          onClick={() =>
            setDraft((current) => ({
              ...current,
              levels: [...current.levels, { ...current.levels.at(-1)!, ratesBp: [...current.levels.at(-1)!.ratesBp] }],
            }))
          }
        >
          {t('agents.addLevel')}
        </button>
        <button
          type="button"
          className="button secondary small"
          disabled={draft.levels.length <= 1}
          onClick={() => setDraft((current) => ({ ...current, levels: current.levels.slice(0, -1) }))}
        >
          {t('agents.removeLevel')}
        </button>
      </div>
      <div className="row">
        <label>
          {t('agents.inviteBonusRupees')}
          <input
            name="inviteBonusRupees"
            inputMode="numeric"
            value={draft.inviteBonusRupees}
            onChange={(event) => setDraft((current) => ({ ...current, inviteBonusRupees: event.target.value }))}
          />
          <span className="hint">{t('agents.inviteBonusOff')}</span>
          {fieldError('inviteBonusRupees')}
        </label>
        <label>
          {t('agents.inviteBonusThresholdRupees')}
          <input
            name="inviteBonusThresholdRupees"
            inputMode="numeric"
            value={draft.inviteBonusThresholdRupees}
            onChange={(event) => setDraft((current) => ({ ...current, inviteBonusThresholdRupees: event.target.value }))}
          />
          {fieldError('inviteBonusThresholdRupees')}
        </label>
      </div>
      <div className="row">
        <button type="submit" className="button" disabled={save.isPending}>
          {t('agents.review')}
        </button>
        <button type="button" className="button secondary" onClick={() => onDone()}>
          {t('dialog.cancel')}
        </button>
      </div>
      {save.error ? (
        <p className="form-error" role="alert">
          {errorText(t, save.error)}
        </p>
      ) : null}
      {toConfirm ? (
        <ConfirmDialog
          title={t('agents.confirmTitle', { day: changeFrom })}
          confirmLabel={t(toConfirm.isForSecondOwner ? 'agents.confirmSecondOwner' : 'agents.confirm')}
          isWorking={save.isPending}
          onConfirm={() => save.mutate(toConfirm.input)}
          onCancel={() => setToConfirm(null)}
        >
          {toConfirm.isForSecondOwner ? (
            <p className="notice" data-testid="second-owner-notice">
              {t('agents.secondOwnerNotice', boundsText)}
            </p>
          ) : null}
          <p>{t('agents.confirmEffect', { day: changeFrom })}</p>
          {changes.length === 0 ? (
            <p>{t('agents.change.none')}</p>
          ) : (
            <ul data-testid="programme-changes">
              {changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
