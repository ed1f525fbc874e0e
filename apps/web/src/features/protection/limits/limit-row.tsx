import type { TProtectionLimit } from '@mayur/contracts';
import { isLimitChangeImmediate } from '@mayur/rules/protection-rules';
import { parseMoney } from '@mayur/rules/money';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { useProtectionChange } from '../use-protection.ts';
import { useTimeReached } from '../use-time-reached.ts';
import styles from '../protection.module.css';

type LimitKey = Pick<TProtectionLimit, 'kind' | 'period'>;

/** A typed limit in paise, or null when it is not a positive amount with at most two decimals. */
function readLimit(text: string): bigint | null {
  const paise = parseMoney(text.trim().replace(/,/g, ''));
  return paise !== null && paise > 0n ? paise : null;
}

/** How much of the limit is used, 0–100, for the meter. */
function usedPercent(limit: TProtectionLimit): number {
  const limitPaise = limit.amount === null ? null : toPaise(limit.amount);
  const usedPaise = toPaise(limit.used) ?? 0n;
  if (limitPaise === null || limitPaise <= 0n) return 0;
  return Number(usedPaise >= limitPaise ? 100n : (usedPaise * 100n) / limitPaise);
}

/** One limit (a kind over a period): its amount, this period's use and reset, a waiting change, and its form. */
export function LimitRow({ limit }: { limit: TProtectionLimit }) {
  const { t, i18n } = useTranslation('protection');
  const [isEditing, setIsEditing] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const key: LimitKey = { kind: limit.kind, period: limit.period };
  const confirm = useProtectionChange(() => api('/protection/confirmLimit', key));
  const keep = useProtectionChange(() => api('/protection/cancelLimitChange', key));
  const remove = useProtectionChange(() => api('/protection/removeLimit', key));
  const isConfirmable = useTimeReached(limit.pending?.confirmableAt ?? null);
  const time = (iso: string) => formatDateTime(iso, i18n.language);
  const percent = usedPercent(limit);
  const testId = `limit-${limit.kind}-${limit.period}`;

  return (
    <li className={styles.row} data-testid={testId}>
      <div className={styles.rowTop}>
        <span className={styles.rowPeriod}>{t(`protection.limits.periods.${limit.period}`)}</span>
        {limit.amount === null ? (
          <span className={styles.rowNone}>{t('protection.limits.noLimit')}</span>
        ) : (
          <span className={`${styles.rowAmount} ltr-text`} data-testid={`${testId}-amount`}>
            {formatRupees(limit.amount)}
          </span>
        )}
      </div>
      {limit.amount !== null && (
        <div
          className={styles.meter}
          role="meter"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('protection.limits.used', { used: formatRupees(limit.used), limit: formatRupees(limit.amount) })}
        >
          <div className={styles.meterFill} style={{ inlineSize: `${percent}%` }} data-full={percent >= 100} />
        </div>
      )}
      <div className={styles.rowMeta}>
        <span>
          {limit.amount === null
            ? t('protection.limits.usedNoLimit', { used: formatRupees(limit.used) })
            : t('protection.limits.used', { used: formatRupees(limit.used), limit: formatRupees(limit.amount) })}
        </span>
        <span>{t('protection.limits.resets', { time: time(limit.resetsAt) })}</span>
      </div>

      {limit.pending && (
        <div className={styles.pending} data-testid={`${testId}-pending`}>
          <span>
            {limit.pending.amount === null
              ? isConfirmable
                ? t('protection.limits.readyRemoval')
                : t('protection.limits.pendingRemoval', { time: time(limit.pending.confirmableAt) })
              : isConfirmable
                ? t('protection.limits.readyRaise', { amount: formatRupees(limit.pending.amount) })
                : t('protection.limits.pendingRaise', {
                    amount: formatRupees(limit.pending.amount),
                    time: time(limit.pending.confirmableAt),
                  })}
          </span>
          <div className={styles.actions}>
            {isConfirmable && (
              <Button
                isSmall
                isBusy={confirm.isPending}
                onClick={() => confirm.mutate(undefined, { onSuccess: () => notify.success(t('protection.limits.confirmed')) })}
                data-testid={`${testId}-confirm`}
              >
                {t('protection.limits.confirm')}
              </Button>
            )}
            <Button
              isSmall
              variant="secondary"
              isBusy={keep.isPending}
              onClick={() => keep.mutate(undefined, { onSuccess: () => notify.success(t('protection.limits.kept')) })}
              data-testid={`${testId}-keep`}
            >
              {t('protection.limits.keep')}
            </Button>
          </div>
        </div>
      )}

      {isEditing ? (
        <LimitForm limit={limit} onDone={() => setIsEditing(false)} />
      ) : (
        <div className={styles.actions}>
          <Button isSmall variant="secondary" onClick={() => setIsEditing(true)} data-testid={`${testId}-edit`}>
            {limit.amount === null ? t('protection.limits.set') : t('protection.limits.change')}
          </Button>
          {limit.amount !== null && limit.pending?.amount !== null && (
            <Button isSmall variant="ghost" onClick={() => setIsRemoving(true)} data-testid={`${testId}-remove`}>
              {t('protection.limits.remove')}
            </Button>
          )}
        </div>
      )}

      <AppDialog
        isOpen={isRemoving}
        onOpenChange={setIsRemoving}
        title={t('protection.limits.removeTitle')}
        description={t('protection.limits.removeBody')}
        role="alertdialog"
        initialFocus="first-control"
        actions={
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setIsRemoving(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              isBusy={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: (state) => {
                    setIsRemoving(false);
                    const pending = state.limits.find((each) => each.kind === key.kind && each.period === key.period)?.pending;
                    if (pending) notify.success(t('protection.limits.requested', { time: time(pending.confirmableAt) }));
                  },
                })
              }
              data-testid={`${testId}-remove-confirm`}
            >
              {t('protection.limits.removeConfirm')}
            </Button>
          </div>
        }
      />
    </li>
  );
}

/** Sets or changes one limit: says beforehand whether the new amount applies at once or waits 24 hours. */
function LimitForm({ limit, onDone }: { limit: TProtectionLimit; onDone: () => void }) {
  const { t, i18n } = useTranslation('protection');
  const id = useId();
  const [text, setText] = useState(limit.pending?.amount ?? limit.amount ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useProtectionChange((amount: string) =>
    api('/protection/setLimit', { kind: limit.kind, period: limit.period, amount }, { isSilent: true }),
  );
  const nextPaise = readLimit(text);
  const currentPaise = limit.amount === null ? null : toPaise(limit.amount);
  const isImmediate = nextPaise !== null && isLimitChangeImmediate(currentPaise, nextPaise);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nextPaise === null) return setError(t('errors.AMOUNT_INVALID'));
    setError(null);
    save.mutate(text.trim().replace(/,/g, ''), {
      onSuccess: (state) => {
        const saved = state.limits.find((each) => each.kind === limit.kind && each.period === limit.period);
        if (saved?.pending) {
          notify.success(t('protection.limits.requested', { time: formatDateTime(saved.pending.confirmableAt, i18n.language) }));
        } else {
          notify.success(t('protection.limits.saved'));
        }
        onDone();
      },
      onError: (caught) => setError(isApiError(caught) ? caught.message : t('errors.NETWORK')),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid={`limit-form-${limit.kind}-${limit.period}`}>
      <TextField
        id={`${id}-amount`}
        label={t('protection.limits.amountLabel')}
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setError(null);
        }}
        hint={nextPaise === null ? undefined : isImmediate ? t('protection.limits.appliesNow') : t('protection.limits.waits')}
      />
      <FormError message={error} />
      <div className={styles.actions}>
        <Button type="submit" isSmall isBusy={save.isPending} data-testid="limit-save">
          {t('protection.limits.save')}
        </Button>
        <Button isSmall variant="ghost" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
