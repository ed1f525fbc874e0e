import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

/** An indeterminate circular progress indicator in the primary colour. */
export function Spinner({ size = 24, label }: { size?: number; label?: string }) {
  return (
    <svg
      className={styles.spinner}
      width={size}
      height={size}
      viewBox="0 0 50 50"
      role={label ? 'progressbar' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle className={styles.track} cx="25" cy="25" r="20" fill="none" stroke="currentColor" strokeWidth="5" />
      <circle
        className={styles.arc}
        cx="25"
        cy="25"
        r="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="5"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The full-screen, non-dismissible overlay shown while the global loading flag is set (spec §1). */
export function GlobalLoadingOverlay() {
  const { t } = useTranslation();
  return (
    <div className={styles.overlay} aria-live="polite">
      <div className={styles.overlayCard}>
        <Spinner size={64} label={t('common.loading')} />
      </div>
    </div>
  );
}

/** Shown while a lazily loaded screen arrives. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.pageFallback}>
      <Spinner size={40} label={t('common.loading')} />
    </div>
  );
}
