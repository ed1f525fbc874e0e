import type { TLotteryResult } from '@mayur/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ColourDots, ResultView } from './result-view.tsx';
import type { LotteryRoomApi } from './room-api.ts';
import type { LotteryRound } from './use-lottery-round.ts';
import styles from './lottery.module.css';

/** How long the win or loss card stays before it closes by itself. */
const MOMENT_MS = 10_000;
/** Settlement comes before the result push; a bet still pending is asked for again this often, this many times. */
const SETTLED_RETRY_MS = 1_000;
const SETTLED_ATTEMPTS = 5;

export type ResultMoment = {
  period: string;
  result: TLotteryResult;
  outcome: 'won' | 'lost';
  stakePaise: bigint;
  winPaise: bigint;
};

/**
 * The win or loss moment of a period the player bet on in this visit: when its result is known, the
 * player's own settled bets of that period are read from the server (My record's endpoint) and their
 * stakes and wins summed; nothing is computed or assumed here.
 */
export function useResultMoment(room: LotteryRoomApi, round: LotteryRound) {
  const betPeriods = useRef(new Set<string>());
  const [moment, setMoment] = useState<ResultMoment | null>(null);
  // Only a new period starts the read (the same result arrives again by the period's refetch, which
  // must not cancel a read under way); the result shown is the one the settled bets carry.
  const resultPeriod = round.lastResult?.period ?? null;

  const markBet = useCallback((period: string) => {
    betPeriods.current.add(period);
  }, []);
  const dismiss = useCallback(() => setMoment(null), []);

  useEffect(() => {
    if (!resultPeriod || !betPeriods.current.has(resultPeriod)) return;
    betPeriods.current.delete(resultPeriod);
    const controller = new AbortController();
    void (async () => {
      for (let attempt = 0; attempt < SETTLED_ATTEMPTS && !controller.signal.aborted; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => window.setTimeout(resolve, SETTLED_RETRY_MS));
        let page;
        try {
          page = await room.userLog(1, 100, controller.signal);
        } catch {
          continue;
        }
        const bets = page.list.filter((bet) => bet.period === resultPeriod);
        const result = bets[0]?.result;
        if (!result || bets.some((bet) => bet.status === 'pending')) continue;
        const sum = (values: string[]) => values.reduce((total, value) => total + (toPaise(value) ?? 0n), 0n);
        const winPaise = sum(bets.map((bet) => bet.winAmount));
        if (controller.signal.aborted) return;
        setMoment({
          period: resultPeriod,
          result,
          outcome: bets.some((bet) => bet.status === 'won') ? 'won' : 'lost',
          stakePaise: sum(bets.map((bet) => bet.amount)),
          winPaise,
        });
        return;
      }
    })();
    return () => controller.abort();
  }, [resultPeriod, room]);

  return { moment, markBet, dismiss };
}

/**
 * The result moment as a card at the foot of the screen, never over the round panel, so the new
 * period's countdown stays in sight; it closes by itself after ten seconds.
 */
export function ResultMomentCard({ moment, onDismiss }: { moment: ResultMoment | null; onDismiss: () => void }) {
  const { t } = useTranslation('lottery');
  const titleId = useId();

  useEffect(() => {
    if (!moment) return;
    const timer = window.setTimeout(onDismiss, MOMENT_MS);
    return () => window.clearTimeout(timer);
  }, [moment, onDismiss]);

  if (!moment) return null;
  const isWin = moment.outcome === 'won';
  return (
    <section
      className={`${styles.moment} ${isWin ? styles.moment_won : styles.moment_lost}`}
      role="status"
      aria-labelledby={titleId}
      data-testid="result-dialog"
      data-outcome={moment.outcome}
      data-period={moment.period}
    >
      <h2 id={titleId} className={styles.momentTitle}>
        {isWin ? t('lottery.moment.won') : t('lottery.moment.lost')}
      </h2>
      <p className={styles.momentPeriod}>{t('lottery.resultOf', { period: moment.period })}</p>
      <div className={styles.momentResult} data-number={moment.result.number ?? ''}>
        <ResultView result={moment.result} size="lg" isAnimated />
        {moment.result.colours.length > 0 && <ColourDots colours={moment.result.colours} />}
      </div>
      <p className={styles.momentAmount}>
        {isWin ? t('lottery.moment.youWon') : t('lottery.moment.youStaked')}{' '}
        <span className={`${styles.momentMoney} ltr-text`} data-testid="result-dialog-amount">
          {formatRupees(isWin ? moment.winPaise : moment.stakePaise)}
        </span>
      </p>
      <Button isBlock variant={isWin ? 'primary' : 'secondary'} onClick={onDismiss} data-testid="result-dialog-close">
        {t('common.close')}
      </Button>
    </section>
  );
}
