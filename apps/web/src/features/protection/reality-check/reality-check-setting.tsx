import { REALITY_CHECK_MINUTES, type RealityCheckMinutes } from '@mayur/rules/protection-rules';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { TimerIcon } from '../../support/support-icons.tsx';
import { useProtectionChange } from '../use-protection.ts';
import styles from '../protection.module.css';

/** The reality-check interval: off, 15, 30 or 60 minutes; a tap saves it. */
export function RealityCheckSetting({ minutes }: { minutes: RealityCheckMinutes }) {
  const { t } = useTranslation('protection');
  const save = useProtectionChange((next: RealityCheckMinutes) => api('/protection/setRealityCheck', { minutes: next }));
  const shown = save.isPending && save.variables !== undefined ? save.variables : minutes;
  return (
    <section className={styles.card} aria-labelledby="reality-check-title" data-testid="reality-check-setting">
      <div className={styles.cardHead}>
        <span className={styles.cardIcon}>
          <TimerIcon size={22} />
        </span>
        <div>
          <h2 id="reality-check-title" className={styles.cardTitle}>
            {t('protection.realityCheck.title')}
          </h2>
          <p className={styles.hint}>{t('protection.realityCheck.body')}</p>
        </div>
      </div>
      <fieldset className={styles.chips} aria-labelledby="reality-check-title" disabled={save.isPending}>
        {REALITY_CHECK_MINUTES.map((choice) => (
          <label key={choice} className={styles.chip} data-checked={choice === shown}>
            <input
              type="radio"
              name="reality-check"
              value={choice}
              checked={choice === shown}
              onChange={() => save.mutate(choice, { onSuccess: () => notify.success(t('protection.realityCheck.saved')) })}
              className={styles.chipInput}
              data-testid={`reality-check-${choice}`}
            />
            <span>
              {choice === 0 ? t('protection.realityCheck.off') : t('protection.realityCheck.every', { minutes: choice })}
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
