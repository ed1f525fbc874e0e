import { CRASH_ROOMS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { clampCrashStake, crashStakeProblem, isAutoCashoutX100 } from '@mayur/rules/crash-rules';
import { formatMoney, parseMoney } from '@mayur/rules/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { playSound, vibrate } from '../../../shared/lib/sound.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { useAutoplayCheck, useIsAutoplayPaused } from '../../protection/autoplay.ts';
import { crashApi, crashKeys, isolatedMultiplier, winPaise, type CrashBet } from './crash-api.ts';
import type { CrashRoundView } from './use-crash-round.ts';
import styles from './crash.module.css';

const QUICK_AMOUNTS = ['10.00', '50.00', '100.00', '1000.00'] as const;
const STEP_PAISE = 100n;
const FINAL_STATUSES = new Set<CrashBet['status']>(['cashed_out', 'lost', 'refunded', 'cancelled']);

type BetPanelProps = {
  room: CrashRoomId;
  slot: 1 | 2;
  view: CrashRoundView;
  /** The player's recent bets in this room (first page), the source of truth for a bet's status. */
  myBets: readonly CrashBet[];
  /** The rocket asks for a predicted multiplier up front and has no auto-bet. */
  variant: 'aviator' | 'rocket';
};

/** One bet: amount, optional auto cash-out and auto-bet; Bet, Cancel or Cash out with the live win. */
export function BetPanel({ room, slot, view, myBets, variant }: BetPanelProps) {
  const { t } = useTranslation('crash');
  const id = useId();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const limits = CRASH_ROOMS[room];
  const [amount, setAmount] = useState('10.00');
  const [hasAutoCashout, setHasAutoCashout] = useState(variant === 'rocket');
  const [autoTarget, setAutoTarget] = useState('2.00');
  const [isAutoBet, setIsAutoBet] = useState(false);
  const [autoRounds, setAutoRounds] = useState('10');
  const [stopLoss, setStopLoss] = useState('100.00');
  const [placed, setPlaced] = useState<CrashBet | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const autoState = useRef({ roundsLeft: 0, lossPaise: 0n, counted: new Set<string>(), lastRoundId: '' });
  const checkAutoplay = useAutoplayCheck();
  const isAutoplayPaused = useIsAutoplayPaused();

  const known = placed ? myBets.find((bet) => bet.id === placed.id) : undefined;
  let bet = known && statusRank(known.status) >= statusRank(placed?.status ?? 'queued') ? known : placed;
  const pushed = bet ? view.pushedCashouts.get(bet.id) : undefined;
  if (bet && pushed && bet.status === 'open') {
    bet = { ...bet, status: 'cashed_out', cashoutX100: pushed.multiplierX100, winAmount: pushed.winAmount };
  }
  const round = view.round;
  const isActive = bet !== null && !FINAL_STATUSES.has(bet.status);
  const isThisRound = bet !== null && round !== undefined && bet.roundId === round.roundId;
  const canCashOut = isActive && bet?.status === 'open' && isThisRound && view.phase === 'flying';
  const canCancel = isActive && (bet?.status === 'queued' || (bet?.status === 'open' && isThisRound && view.phase === 'betting'));

  // The cash-out moment, manual or automatic: a sound (when on) and a short buzz, once per bet.
  const cashedOutBetId = bet?.status === 'cashed_out' ? bet.id : null;
  const announcedRef = useRef<string | null>(null);
  useEffect(() => {
    if (cashedOutBetId === null || announcedRef.current === cashedOutBetId) return;
    announcedRef.current = cashedOutBetId;
    playSound('cashout');
    vibrate(60);
  }, [cashedOutBetId]);

  const setBalance = (balance: string) =>
    queryClient.setQueryData<{ balance: string; bonus: string }>(queryKeys.balance(token), (current) =>
      current ? { ...current, balance } : current,
    );
  const refreshMyBets = () => void queryClient.invalidateQueries({ queryKey: crashKeys.myBets(token, room) });

  const readTargetX100 = (): number | undefined | null => {
    if (!hasAutoCashout) return undefined;
    const target = parseMoney(autoTarget.trim());
    return target !== null && isAutoCashoutX100(Number(target)) ? Number(target) : null;
  };

  const placeBet = async () => {
    setError(null);
    const stakePaise = parseMoney(amount.trim());
    if (stakePaise === null) return setError({ code: 'AMOUNT_INVALID', message: t('errors.AMOUNT_INVALID') });
    const stakeProblem = crashStakeProblem(room, stakePaise);
    if (stakeProblem) return setError({ code: stakeProblem, message: t(`errors.${stakeProblem}`) });
    const targetX100 = readTargetX100();
    if (targetX100 === null) return setError({ code: 'CASHOUT_TARGET_INVALID', message: t('errors.CASHOUT_TARGET_INVALID') });
    const request = { room, slot, amount: formatMoney(stakePaise), ...(targetX100 ? { autoCashoutX100: targetX100 } : {}) };
    setIsBusy(true);
    try {
      const result = await crashApi.pour({ ...request, requestKey: requestKey.keyFor(JSON.stringify(request)) });
      requestKey.settle();
      setPlaced(result.bet);
      setBalance(result.balance);
      refreshMyBets();
      return true;
    } catch (caught) {
      requestKey.settle(caught);
      setError(describeError(caught, t('errors.NETWORK')));
      return false;
    } finally {
      setIsBusy(false);
    }
  };

  const cancelBet = async () => {
    if (!bet) return;
    setError(null);
    setIsBusy(true);
    try {
      const result = await crashApi.cancel(bet.id);
      setPlaced(result.bet);
      setBalance(result.balance);
      setIsAutoBet(false);
      refreshMyBets();
    } catch (caught) {
      setError(describeError(caught, t('errors.NETWORK')));
    } finally {
      setIsBusy(false);
    }
  };

  const cashOut = async () => {
    if (!bet) return;
    setError(null);
    setIsBusy(true);
    try {
      const result = await crashApi.cashOut(bet.id);
      setPlaced(result.bet);
      setBalance(result.balance);
      refreshMyBets();
    } catch (caught) {
      setError(describeError(caught, t('errors.NETWORK')));
      refreshMyBets();
    } finally {
      setIsBusy(false);
    }
  };

  // Auto-bet: count finished auto bets against the loss limit, then bet once in each new betting window.
  const placeBetRef = useRef(placeBet);
  useEffect(() => {
    placeBetRef.current = placeBet;
  });
  const roundId = round?.roundId ?? '';
  useEffect(() => {
    const state = autoState.current;
    if (!isAutoBet) return;
    if (bet && FINAL_STATUSES.has(bet.status) && !state.counted.has(bet.id)) {
      state.counted.add(bet.id);
      const stake = toPaise(bet.amount) ?? 0n;
      const win = toPaise(bet.winAmount) ?? 0n;
      state.lossPaise += stake - win;
    }
    const limitPaise = parseMoney(stopLoss.trim());
    if (state.roundsLeft <= 0 || (limitPaise !== null && state.lossPaise >= limitPaise)) {
      setIsAutoBet(false);
      return;
    }
    if (view.phase !== 'betting' || isActive || isBusy || isAutoplayPaused || state.lastRoundId === roundId) return;
    state.lastRoundId = roundId;
    state.roundsLeft -= 1;
    void placeBetRef.current().then((isPlaced) => {
      if (!isPlaced) setIsAutoBet(false);
    });
  }, [isAutoBet, view.phase, roundId, isActive, isBusy, isAutoplayPaused, bet, stopLoss]);

  const toggleAutoBet = (isOn: boolean) => {
    const rounds = Number.parseInt(autoRounds, 10);
    const autoplayRefusal = isOn ? checkAutoplay(rounds) : null;
    if (autoplayRefusal) return setError({ code: autoplayRefusal, message: t(`errors.${autoplayRefusal}`) });
    autoState.current = {
      roundsLeft: Number.isSafeInteger(rounds) && rounds > 0 ? rounds : 0,
      lossPaise: 0n,
      counted: new Set(),
      lastRoundId: '',
    };
    setIsAutoBet(isOn);
  };

  const stepAmount = (direction: 1 | -1) => {
    const current = parseMoney(amount.trim()) ?? 0n;
    setAmount(formatMoney(clampCrashStake(room, current + STEP_PAISE * BigInt(direction))));
  };

  const isLocked = isActive || isBusy;
  const autoCashoutFields = (
    <div className={styles.optionRow}>
      {variant === 'aviator' ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={hasAutoCashout}
            disabled={isLocked}
            onChange={(event) => setHasAutoCashout(event.target.checked)}
          />
          {t('crash.autoCashout')}
        </label>
      ) : (
        <label htmlFor={`${id}-target`}>{t('crash.prediction')}</label>
      )}
      <span className={styles.targetField}>
        {variant === 'aviator' ? (
          <label className="visually-hidden" htmlFor={`${id}-target`}>
            {t('crash.autoCashoutTarget')}
          </label>
        ) : null}
        <input
          id={`${id}-target`}
          className={styles.targetInput}
          inputMode="decimal"
          value={autoTarget}
          disabled={isLocked || !hasAutoCashout}
          onChange={(event) => setAutoTarget(event.target.value)}
          data-testid="auto-target"
          dir="ltr"
        />
        <span aria-hidden="true">×</span>
      </span>
    </div>
  );
  return (
    <section
      className={`${styles.panel} ${canCashOut ? styles.panelCashOut : ''}`}
      data-testid={`bet-panel-${slot}`}
      data-bet-status={bet?.status ?? 'none'}
      aria-label={t('crash.panel', { slot })}
    >
      <div className={styles.panelMain}>
        {/* The stake controls give their place to the Cash out button while it shows (they are locked then). */}
        <div className={styles.stakeControls}>
          <div className={styles.amountRow}>
            <button
              type="button"
              className={styles.stepButton}
              onClick={() => stepAmount(-1)}
              disabled={isLocked}
              aria-label={t('crash.decrease')}
            >
              −
            </button>
            <label className="visually-hidden" htmlFor={`${id}-amount`}>
              {t('crash.amount')}
            </label>
            <input
              id={`${id}-amount`}
              className={styles.amountInput}
              inputMode="decimal"
              value={amount}
              disabled={isLocked}
              onChange={(event) => setAmount(event.target.value)}
              data-testid="bet-amount"
              dir="ltr"
            />
            <button
              type="button"
              className={styles.stepButton}
              onClick={() => stepAmount(1)}
              disabled={isLocked}
              aria-label={t('crash.increase')}
            >
              +
            </button>
          </div>
          <div className={styles.quickRow} role="group" aria-label={t('crash.quickAmounts')}>
            {QUICK_AMOUNTS.map((choice) => (
              <button
                key={choice}
                type="button"
                className={styles.quickButton}
                disabled={isLocked}
                onClick={() => setAmount(choice)}
              >
                {formatRupees(choice)}
              </button>
            ))}
          </div>
        </div>

        <div className={styles.mainAction}>
          {canCashOut && bet ? (
            <Button
              isBlock
              className={styles.cashOutButton}
              isBusy={isBusy}
              onClick={() => void cashOut()}
              data-testid="cash-out"
            >
              <span>{t('crash.cashOut')}</span>
              <LiveWin view={view} stake={bet.amount} maxWinPaise={limits.maxWinPaise} />
            </Button>
          ) : canCancel ? (
            <Button
              isBlock
              variant="danger"
              className={styles.actionButton}
              isBusy={isBusy}
              onClick={() => void cancelBet()}
              data-testid="cancel-bet"
            >
              {bet?.status === 'queued' ? t('crash.cancelQueued') : t('crash.cancel')}
            </Button>
          ) : isActive ? (
            <Button isBlock className={styles.actionButton} disabled data-testid="bet-waiting">
              {t('crash.waitingResult')}
            </Button>
          ) : (
            <Button
              isBlock
              className={styles.actionButton}
              isBusy={isBusy}
              onClick={() => void placeBet()}
              data-testid="place-bet"
            >
              <span>{view.phase === 'betting' ? t('crash.bet') : t('crash.betNextRound')}</span>
              <span className={`ltr-text ${styles.actionAmount}`}>{formatRupees(amount.trim() || '0')}</span>
            </Button>
          )}
        </div>
      </div>

      {variant === 'aviator' ? (
        <details className={styles.autoSettings}>
          <summary>{t('crash.autoSettings')}</summary>
          <div className={styles.autoSettingsBody}>
            {autoCashoutFields}
            <div className={styles.autoBetFields}>
              <span className={styles.autoBetTitle}>{t('crash.autoBet')}</span>
              <label>
                {t('crash.autoRounds')}
                <input
                  inputMode="numeric"
                  value={autoRounds}
                  disabled={isAutoBet}
                  onChange={(event) => setAutoRounds(event.target.value)}
                  dir="ltr"
                />
              </label>
              <label>
                {t('crash.stopLoss')}
                <input
                  inputMode="decimal"
                  value={stopLoss}
                  disabled={isAutoBet}
                  onChange={(event) => setStopLoss(event.target.value)}
                  dir="ltr"
                />
              </label>
              <Button
                isSmall
                variant={isAutoBet ? 'danger' : 'secondary'}
                onClick={() => toggleAutoBet(!isAutoBet)}
                data-testid="auto-bet-toggle"
              >
                {isAutoBet ? t('crash.stopAutoBet') : t('crash.startAutoBet')}
              </Button>
            </div>
          </div>
        </details>
      ) : (
        autoCashoutFields
      )}

      <p className={styles.panelStatus} aria-live="polite">
        {bet?.status === 'queued' ? <span data-testid="bet-queued">{t('crash.queued')}</span> : null}
        {bet?.status === 'open' && !canCashOut && view.phase === 'betting' ? <span>{t('crash.placed')}</span> : null}
        {bet?.status === 'cashed_out' ? (
          <span className={styles.won} data-testid="panel-outcome" data-outcome="won">
            {t('crash.wonAt', { multiplier: isolatedMultiplier(bet.cashoutX100 ?? 100) })}{' '}
            <span className="ltr-text" data-testid="panel-win">
              {formatRupees(bet.winAmount)}
            </span>
          </span>
        ) : null}
        {bet?.status === 'lost' ? (
          <span className={styles.lost} data-testid="panel-outcome" data-outcome="lost">
            {t('crash.lost')}
          </span>
        ) : null}
        {bet?.status === 'refunded' ? (
          <span data-testid="panel-outcome" data-outcome="refunded">
            {t('crash.refunded')}
          </span>
        ) : null}
        {error ? (
          <span className={styles.error} role="alert" data-testid="panel-error" data-code={error.code}>
            {error.message}
          </span>
        ) : null}
      </p>
    </section>
  );
}

/** What a cash-out now would pay (capped at the room's maximum win), written into the DOM by the animation loop's feed. */
function LiveWin({ view, stake, maxWinPaise }: { view: CrashRoundView; stake: string; maxWinPaise: bigint }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const stakePaise = toPaise(stake) ?? 0n;
    const write = (x100: number) => {
      if (ref.current) ref.current.textContent = formatRupees(winPaise(stakePaise, x100, maxWinPaise));
    };
    write(view.feed.get());
    return view.feed.listen(write);
  }, [view.feed, stake, maxWinPaise]);
  return <span ref={ref} className="ltr-text" data-testid="live-win" />;
}

function statusRank(status: CrashBet['status']): number {
  return status === 'queued' ? 0 : status === 'open' ? 1 : 2;
}

function describeError(caught: unknown, fallback: string): { code: string; message: string } {
  return isApiError(caught) ? { code: caught.code, message: caught.message } : { code: 'NETWORK', message: fallback };
}
