import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  isAllowed,
  ZAdjustmentRequest,
  ZPlayerFreezeRequest,
  type AdminEndpointPath,
  type TPlayerPage,
} from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { errorText } from '../../shared/ui/states.tsx';
import { RequestAdjustmentDialog, type AdjustmentToAsk } from './request-adjustment-dialog.tsx';

// The actions on a player, each shown exactly where the server's map lets the role call it: freeze
// and unfreeze (risk), log out everywhere and unlock the withdrawal password (support), adjust the
// balance (finance, after a confirmation: a small adjustment is posted at once). Each is audited by the
// server.

export function PlayerActionsPanel({ page }: { page: TPlayerPage }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [toAsk, setToAsk] = useState<{ adjustment: AdjustmentToAsk; form: HTMLFormElement } | null>(null);
  const role = session?.operator.role;
  const may = (path: AdminEndpointPath) => (role ? isAllowed(adminEndpoints[path].access, role) : false);
  const playerId = page.player.id;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['player', playerId] });

  const action = useMutation({
    mutationFn: async (run: () => Promise<string>) => run(),
    onSuccess: (message) => {
      setOutcome(message);
      setFormError(null);
      refresh();
    },
    onError: () => setOutcome(null),
    onSettled: () => setToAsk(null),
  });

  function freeze(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPlayerFreezeRequest.safeParse({ playerId, reason: new FormData(event.currentTarget).get('reason') });
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? 'INVALID_FIELD');
    action.mutate(async () => {
      const result = await adminApi('/players/freeze', { playerId, reason: parsed.data.reason });
      return t('player.frozenNow', { count: result.sessionsEnded });
    });
  }

  function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = { playerId, amount: String(form.get('amount') ?? ''), reason: String(form.get('reason') ?? '') };
    const parsed = ZAdjustmentRequest.safeParse(input);
    if (!parsed.success) return setFormError(parsed.error.issues[0]?.message ?? 'INVALID_FIELD');
    setFormError(null);
    setToAsk({ adjustment: { ...input, amountPaise: parsed.data.amount }, form: event.currentTarget });
  }

  function askAdjustment({ adjustment, form }: { adjustment: AdjustmentToAsk; form: HTMLFormElement }) {
    const { amountPaise: _amountPaise, ...input } = adjustment;
    action.mutate(async () => {
      const result = await adminApi('/adjustments/request', input);
      form.reset();
      return result.status === 'posted'
        ? t('player.adjustmentPosted', { amount: result.amount })
        : t('player.adjustmentWaiting', { amount: result.amount });
    });
  }

  return (
    <div className="panel player-actions" data-testid="player-actions">
      {action.error ? (
        <p className="form-error" role="alert">
          {errorText(t, action.error)}
        </p>
      ) : formError ? (
        <p className="form-error" role="alert">
          {t(`errors.${formError}`)}
        </p>
      ) : outcome ? (
        <p className="notice" role="status" data-testid="player-action-outcome">
          {outcome}
        </p>
      ) : null}
      <div className="actions">
        {may('/players/unfreeze') && page.player.isFrozen ? (
          <button
            type="button"
            className="button"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(async () => {
                await adminApi('/players/unfreeze', { playerId });
                return t('player.unfrozenNow');
              })
            }
          >
            {t('player.unfreeze')}
          </button>
        ) : null}
        {may('/players/logoutEverywhere') ? (
          <button
            type="button"
            className="button secondary"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(async () => {
                const result = await adminApi('/players/logoutEverywhere', { playerId });
                return t('player.loggedOut', { count: result.sessionsEnded });
              })
            }
          >
            {t('player.logoutEverywhere')}
          </button>
        ) : null}
        {may('/players/unlockWithdrawPassword') ? (
          <button
            type="button"
            className="button secondary"
            disabled={action.isPending}
            onClick={() =>
              action.mutate(async () => {
                await adminApi('/players/unlockWithdrawPassword', { playerId });
                return t('player.unlocked');
              })
            }
          >
            {t('player.unlock')}
          </button>
        ) : null}
      </div>
      {may('/players/freeze') && !page.player.isFrozen ? (
        <form className="filters" onSubmit={freeze} aria-label={t('player.freeze')}>
          <label>
            {t('player.freezeReason')}
            <input name="reason" maxLength={500} size={40} />
          </label>
          <button type="submit" className="button danger" disabled={action.isPending}>
            {t('player.freeze')}
          </button>
        </form>
      ) : null}
      {may('/adjustments/request') ? (
        <form className="filters" onSubmit={adjust} aria-label={t('player.adjust')}>
          <label>
            {t('player.adjustAmount')}
            <input name="amount" inputMode="decimal" size={12} placeholder="+500 / -120.50" />
          </label>
          <label>
            {t('player.adjustReason')}
            <input name="reason" maxLength={500} size={40} />
          </label>
          <button type="submit" className="button" disabled={action.isPending}>
            {t('player.adjust')}
          </button>
        </form>
      ) : null}
      {toAsk ? (
        <RequestAdjustmentDialog
          adjustment={toAsk.adjustment}
          isWorking={action.isPending}
          onConfirm={() => askAdjustment(toAsk)}
          onCancel={() => setToAsk(null)}
        />
      ) : null}
    </div>
  );
}
