import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { playSound } from '../../../shared/lib/sound.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { isWarningTick, secondsLeftToBet, WARNING_MS } from './countdown-warning.ts';
import { ResultView } from './result-view.tsx';
import { formatCountdown, type LotteryRound } from './use-lottery-round.ts';
import styles from './lottery.module.css';

/**
 * What the countdown and period show before the period arrives: the same elements, updated in place.
 * The countdown's placeholder has the width of every later value (dimmed until then), so the page's
 * largest text is painted at once and never grows when the data comes (Lighthouse's LCP).
 */
const COUNTDOWN_PLACEHOLDER = '00:00';
const PERIOD_PLACEHOLDER = '—';

/** One tick a second in the last five seconds of betting, when the player turned sound on. */
function useCountdownSound(round: LotteryRound): void {
  const secondsLeft = secondsLeftToBet(round.phase === 'betting', round.bettingLeftMs);
  const previous = useRef(secondsLeft);
  useEffect(() => {
    if (isWarningTick(previous.current, secondsLeft)) playSound('countdown');
    previous.current = secondsLeft;
  }, [secondsLeft]);
}

/**
 * The current period: its number, the countdown to the close of betting, the last result (where a new
 * result is revealed, beside the new period's countdown rather than over it), and over the panel the
 * lock (a big countdown to the end of the period) and "Waiting for next round". The panel is drawn at
 * its final size from the first paint, with placeholders the period's data replaces in place.
 */
export function RoundPanel({ round }: { round: LotteryRound }) {
  const { t } = useTranslation('lottery');
  const { period, phase, reveal, lastResult } = round;
  useCountdownSound(round);

  if (round.isError) return <LoadError onRetry={round.retry} />;

  const isWarning = phase === 'betting' && round.bettingLeftMs <= WARNING_MS;
  return (
    <section
      className={styles.roundPanel}
      aria-label={t('lottery.currentPeriod')}
      aria-busy={period ? undefined : true}
      data-testid="round-panel"
      data-phase={phase}
    >
      <div className={styles.roundInfo}>
        <div>
          <p className={styles.roundLabel}>{t('lottery.period')}</p>
          <p className={`${styles.roundPeriod} ltr-text`} data-testid="current-period">
            {period ? period.period : PERIOD_PLACEHOLDER}
          </p>
        </div>
        <div className={styles.roundCountdownBox}>
          <p className={styles.roundLabel}>{t('lottery.timeToBet')}</p>
          <p
            className={`${styles.roundCountdown} ltr-text`}
            data-testid="countdown"
            data-warning={isWarning}
            data-placeholder={!period}
            role="timer"
            aria-live="off"
          >
            {period ? formatCountdown(round.bettingLeftMs) : COUNTDOWN_PLACEHOLDER}
          </p>
        </div>
      </div>
      <p
        className={`${styles.lastResult} ${reveal ? styles.lastResultNew : ''}`}
        data-testid={reveal ? 'result-reveal' : 'last-result'}
        data-period={lastResult?.period}
      >
        {lastResult ? (
          <>
            <span>{t('lottery.lastResult', { period: lastResult.period })}</span>
            <ResultView key={lastResult.period} result={lastResult.result} size="sm" isAnimated={reveal !== null} />
          </>
        ) : !period ? (
          <Spinner size={20} label={t('common.loading')} />
        ) : null}
      </p>

      {phase === 'closed' ? (
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
