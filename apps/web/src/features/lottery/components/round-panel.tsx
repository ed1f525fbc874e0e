import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ResultView } from './result-view.tsx';
import { formatCountdown, type LotteryRound } from './use-lottery-round.ts';
import styles from './lottery.module.css';

/**
 * The current period: its number, the countdown to the close of betting, and over it the lock (a big
 * countdown to the end of the period), the result reveal and "Waiting for next round".
 */
export function RoundPanel({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('lottery');
  const { period, phase, reveal, lastResult } = round;

  if (round.isError) return <LoadError onRetry={round.retry} />;
  if (!period) {
    return (
      <div className={styles.roundPanel} aria-busy="true">
        <Spinner size={32} label={t('common.loading')} />
      </div>
    );
  }

  return (
    <section className={styles.roundPanel} aria-label={t('lottery.currentPeriod')} data-testid="round-panel" data-phase={phase}>
      <div className={styles.roundInfo}>
        <div>
          <p className={styles.roundLabel}>{t('lottery.period')}</p>
          <p className={`${styles.roundPeriod} ltr-text`} data-testid="current-period">
            {period.period}
          </p>
        </div>
        <div className={styles.roundCountdownBox}>
          <p className={styles.roundLabel}>{t('lottery.timeToBet')}</p>
          <p className={`${styles.roundCountdown} ltr-text`} data-testid="countdown" role="timer" aria-live="off">
            {formatCountdown(round.bettingLeftMs)}
          </p>
        </div>
      </div>
      {lastResult && (
        <p className={styles.lastResult}>
          <span>{t('lottery.lastResult', { period: lastResult.period })}</span>
          <ResultView result={lastResult.result} size="sm" />
        </p>
      )}

      {reveal ? (
        <div className={styles.overlay} role="status" data-testid="result-reveal" data-period={reveal.period}>
          <p className={styles.overlayTitle}>{t('lottery.resultOf', { period: reveal.period })}</p>
          <ResultView result={reveal.result} size="lg" isAnimated />
        </div>
      ) : phase === 'closed' ? (
        <div className={styles.overlay} role="status" data-testid="betting-closed">
          <p className={styles.overlayTitle}>{t('lottery.bettingClosed')}</p>
          <p className={`${styles.overlayCountdown} ltr-text`} aria-hidden="true">
            {String(Math.ceil(round.periodLeftMs / 1000)).padStart(2, '0')}
          </p>
          <p className={styles.overlayHint}>{t('lottery.resultIn', { seconds: Math.ceil(round.periodLeftMs / 1000) })}</p>
        </div>
      ) : phase === 'waiting' ? (
        <div className={styles.overlay} role="status" data-testid="waiting-next">
          <Spinner size={28} />
          <p className={styles.overlayTitle}>{t('lottery.waitingNext')}</p>
        </div>
      ) : null}
    </section>
  );
}
