import { bitgamePayoutPaise, type BitgameSelection } from '@mayur/rules/lottery-rooms';
import { lotteryStakeProblem } from '@mayur/rules/lottery-rules';
import { parseMoney } from '@mayur/rules/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { queryKeys, useBalance } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { BetSheet } from '../components/bet-sheet.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { GameRecord } from '../components/game-record.tsx';
import { MyRecord } from '../components/my-record.tsx';
import { PresaleRules } from '../components/presale-rules.tsx';
import { bitgameRoomApi, fairnessHref } from '../components/room-api.ts';
import { ResultMomentCard, useResultMoment } from '../components/result-moment.tsx';
import { RoundPanel } from '../components/round-panel.tsx';
import { lotteryKeys, useLotteryRound } from '../components/use-lottery-round.ts';
import styles from '../components/lottery.module.css';

const AMOUNT_CHOICES = ['10.00', '50.00', '100.00', '500.00', '1000.00'] as const;
const SIZES = ['big', 'small'] as const;
type RecordTab = 'games' | 'mine';

/** Bit Game (`/games/bitgame`): big or small on the sum of three digits, ×1.95, no fee. */
export function BitgameScreen() {
  const { t } = useTranslation('lottery');
  const room = bitgameRoomApi;
  const round = useLotteryRound(room);
  const { moment, markBet, dismiss } = useResultMoment(room, round);
  const token = useSessionToken();
  const balance = useBalance();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [selection, setSelection] = useState<BitgameSelection | null>(null);
  const [amount, setAmount] = useState<string>(AMOUNT_CHOICES[0]);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [tab, setTab] = useState<RecordTab>('games');
  const isBettingOpen = round.phase === 'betting';
  const amountPaise = parseMoney(amount) ?? 0n;

  const choose = (size: BitgameSelection) => {
    if (!token) {
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setError(null);
    setSelection(size);
  };

  const requestKey = useRequestKey();
  const confirm = async () => {
    if (!selection || !round.period) return;
    const balancePaise = balance.data ? toPaise(balance.data.balance) : null;
    if (!isBettingOpen) return setError(t('errors.BETTING_CLOSED'));
    const stakeProblem = lotteryStakeProblem(amountPaise, toPaise(round.period.maxBet));
    if (stakeProblem) return setError(t(`errors.${stakeProblem}`));
    if (balancePaise !== null && amountPaise > balancePaise) return setError(t('errors.INSUFFICIENT_BALANCE'));
    setIsSending(true);
    try {
      const request = { period: round.period.period, select: selection, amount };
      const placed = await api('/bitgame/pour', { ...request, requestKey: requestKey.keyFor(JSON.stringify(request)) });
      requestKey.settle();
      markBet(placed.bet.period);
      queryClient.setQueryData<{ balance: string; bonus: string }>(queryKeys.balance(token), (current) =>
        current ? { ...current, balance: placed.balance } : current,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.userLog(token, room.roomId) });
      notify.success(t('lottery.sheet.placed', { period: placed.bet.period }));
      setSelection(null);
    } catch (caught) {
      requestKey.settle(caught);
      setError(isApiError(caught) ? caught.message : t('errors.NETWORK'));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className={styles.screen}>
      <GameHeader
        title={t('games.bitGame')}
        fairnessTo={fairnessHref('bitgame', room.roomId)}
        rules={<PresaleRules game="bitgame" />}
      />
      <PlayGuard />
      <div className={styles.roomView}>
        <RoundPanel round={round} />
        <section className={styles.betBoard} aria-label={t('lottery.placeBet')} data-testid="bet-board">
          <div className={styles.sizeButtons}>
            {SIZES.map((size) => (
              <button
                key={size}
                type="button"
                className={`${styles.colourButton} ${styles[`size_${size}`]}`}
                disabled={!isBettingOpen}
                onClick={() => choose(size)}
                data-testid={`bet-${size}`}
              >
                <span>{t(`lottery.bitgame.${size}`)}</span>
                <small>{t(`lottery.bitgame.${size}Range`)}</small>
              </button>
            ))}
          </div>
        </section>
        <BetSheet
          isOpen={selection !== null}
          onClose={() => !isSending && setSelection(null)}
          select={selection}
          title={selection ? t('lottery.sheet.title', { selection: t(`lottery.bitgame.${selection}`) }) : ''}
          round={round}
          testId="bet-sheet"
          actions={
            <div className={styles.sheetActions}>
              <Button variant="secondary" onClick={() => setSelection(null)} disabled={isSending}>
                {t('common.cancel')}
              </Button>
              <Button onClick={() => void confirm()} isBusy={isSending} data-testid="bet-confirm">
                {t('lottery.sheet.confirm', { total: formatRupees(amountPaise) })}
              </Button>
            </div>
          }
        >
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>{t('lottery.bitgame.amount')}</legend>
            <div className={styles.chips}>
              {AMOUNT_CHOICES.map((choice) => (
                <label key={choice} className={styles.chip} data-checked={choice === amount}>
                  <input
                    type="radio"
                    name="bit-amount"
                    value={choice}
                    checked={choice === amount}
                    onChange={() => setAmount(choice)}
                    className={styles.chipInput}
                  />
                  <span className="ltr-text">{formatRupees(choice)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <dl className={styles.sheetSummary}>
            <div>
              <dt>{t('lottery.bitgame.ifWins')}</dt>
              <dd className="ltr-text">{formatRupees(bitgamePayoutPaise('big', 27, amountPaise))}</dd>
            </div>
          </dl>
          <p className={styles.hint}>{t('lottery.rules.bitgamePayout')}</p>
          <FormError message={error} />
        </BetSheet>
        <ResultMomentCard moment={moment} onDismiss={dismiss} />
        <Tabs<RecordTab>
          label={t('lottery.records')}
          value={tab}
          onValueChange={setTab}
          listClassName={styles.recordTabs}
          tabClassName={styles.recordTab}
          panelClassName={styles.recordPanel}
          items={[
            { value: 'games', label: t('lottery.gameRecord'), panel: <GameRecord room={room} /> },
            { value: 'mine', label: t('lottery.myRecord'), panel: <MyRecord room={room} /> },
          ]}
        />
      </div>
    </div>
  );
}
