import type { TExclusion } from '@mayur/contracts';
import {
  exclusionEndMs,
  exclusionKindOf,
  SELF_EXCLUSION_DURATIONS,
  TIMEOUT_DURATIONS,
  type ExclusionDuration,
} from '@mayur/rules/protection-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CheckboxField, FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { LockIcon } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { PauseHandIcon } from '../../support/support-icons.tsx';
import { useProtectionChange } from '../use-protection.ts';
import styles from '../protection.module.css';

const GROUPS = [
  { kind: 'timeout', durations: TIMEOUT_DURATIONS, Icon: PauseHandIcon },
  { kind: 'self-exclusion', durations: SELF_EXCLUSION_DURATIONS, Icon: LockIcon },
] as const;

/** Whether a break of `duration` started now would end after the one running (the server refuses a shorter one). */
function endsLater(duration: ExclusionDuration, running: TExclusion | null, nowMs: number): boolean {
  return running === null || exclusionEndMs(duration, nowMs) > Date.parse(running.endsAt);
}

/** Time-outs (24 h, 7 d, 30 d) and self-exclusion (6 months, 1 year, 5 years), each behind two confirmations. */
export function BreaksCard({ running }: { running: TExclusion | null }) {
  const { t } = useTranslation('protection');
  const [chosen, setChosen] = useState<ExclusionDuration | null>(null);
  // Which choices end later than the running break is judged when the card opens; the server decides.
  const [nowMs] = useState(() => Date.now());
  return (
    <section className={styles.card} aria-labelledby="breaks-title" data-testid="breaks">
      <h2 id="breaks-title" className={styles.cardTitle}>
        {t('protection.breaks.title')}
      </h2>
      {running && <p className={styles.hint}>{t('protection.breaks.running')}</p>}
      {GROUPS.map(({ kind, durations, Icon }) => (
        <div key={kind} className={styles.breakGroup}>
          <div className={styles.cardHead}>
            <span className={styles.cardIcon}>
              <Icon size={22} />
            </span>
            <div>
              <h3 className={styles.breakTitle}>
                {kind === 'timeout' ? t('protection.breaks.timeoutTitle') : t('protection.breaks.selfExclusionTitle')}
              </h3>
              <p className={styles.hint}>
                {kind === 'timeout' ? t('protection.breaks.timeoutBody') : t('protection.breaks.selfExclusionBody')}
              </p>
            </div>
          </div>
          <div className={styles.breakButtons}>
            {durations.map((duration) => (
              <Button
                key={duration}
                isSmall
                variant={kind === 'timeout' ? 'secondary' : 'danger'}
                disabled={!endsLater(duration, running, nowMs)}
                onClick={() => setChosen(duration)}
                data-testid={`break-${duration}`}
              >
                {t(`protection.breaks.durations.${duration}`)}
              </Button>
            ))}
          </div>
        </div>
      ))}
      {chosen && <StartBreakDialog key={chosen} duration={chosen} onClose={() => setChosen(null)} />}
    </section>
  );
}

/**
 * Two steps before a break that cannot be undone: first what it closes, until when, and that
 * withdrawals stay open; then a tick that the player understands it cannot end early.
 */
function StartBreakDialog({ duration, onClose }: { duration: ExclusionDuration; onClose: () => void }) {
  const { t, i18n } = useTranslation('protection');
  const [step, setStep] = useState<1 | 2>(1);
  const [hasUnderstood, setHasUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = useProtectionChange(() => api('/protection/startExclusion', { duration }, { isSilent: true }));
  const kind = exclusionKindOf(duration);
  // The end shown is the end if started now; the server sets the real one when it starts.
  const [startMs] = useState(() => Date.now());
  const endsAt = formatDateTime(new Date(exclusionEndMs(duration, startMs)).toISOString(), i18n.language);
  const durationName = t(`protection.breaks.durations.${duration}`);
  const title =
    step === 2
      ? t('protection.breaks.stepTwoTitle')
      : kind === 'timeout'
        ? t('protection.breaks.stepOneTimeout', { duration: durationName })
        : t('protection.breaks.stepOneSelfExclusion', { duration: durationName });

  const confirm = () => {
    if (!hasUnderstood) return setError(t('protection.breaks.understandRequired'));
    start.mutate(undefined, {
      onSuccess: (state) => {
        if (state.exclusion) {
          notify.success(t('protection.breaks.started', { endsAt: formatDateTime(state.exclusion.endsAt, i18n.language) }));
        }
        onClose();
      },
      onError: (caught) => setError(caught.message),
    });
  };

  return (
    <AppDialog
      isOpen
      onOpenChange={(isOpen) => !isOpen && !start.isPending && onClose()}
      title={title}
      role="alertdialog"
      initialFocus="first-control"
      testId="break-dialog"
      actions={
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
            {t('common.cancel')}
          </Button>
          {step === 1 ? (
            <Button variant="danger" onClick={() => setStep(2)} data-testid="break-next">
              {t('protection.breaks.next')}
            </Button>
          ) : (
            <Button variant="danger" isBusy={start.isPending} onClick={confirm} data-testid="break-start">
              {t('protection.breaks.start')}
            </Button>
          )}
        </div>
      }
    >
      {step === 1 ? (
        <ul className={styles.warningList} data-testid="break-warnings">
          <li>{t('protection.breaks.until', { endsAt })}</li>
          <li className={styles.strong}>{t('protection.breaks.cannotUndo')}</li>
          <li>{t('protection.breaks.withdrawals')}</li>
        </ul>
      ) : (
        <>
          <CheckboxField
            id="break-understood"
            label={t('protection.breaks.understand', { endsAt })}
            isChecked={hasUnderstood}
            onCheckedChange={(isChecked) => {
              setHasUnderstood(isChecked);
              setError(null);
            }}
          />
          <FormError message={error} />
        </>
      )}
    </AppDialog>
  );
}
