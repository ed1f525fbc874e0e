import type { ResponseOf } from '@mayur/contracts';
import type { WingoSelection } from '@mayur/rules/lottery-rooms';
import { wingoColours } from '@mayur/rules/lottery-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { queryKeys, useBalance } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { notify } from '../../../shared/ui/notify.ts';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { GameRecord } from './game-record.tsx';
import { MyRecord } from './my-record.tsx';
import type { LotteryRoomApi } from './room-api.ts';
import { ResultMomentCard, useResultMoment } from './result-moment.tsx';
import { RoundPanel } from './round-panel.tsx';
import { TrendChart } from './trend-chart.tsx';
import { lotteryKeys, useLotteryRound } from './use-lottery-round.ts';
import { WingoBetSheet, type WingoBetRequest } from './wingo-bet-sheet.tsx';
import styles from './lottery.module.css';

type RecordTab = 'games' | 'chart' | 'mine';
const COLOUR_SELECTIONS = ['green', 'violet', 'red'] as const;
const NUMBER_SELECTIONS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

type WingoRoomViewProps = {
  room: LotteryRoomApi;
  /** Sends a bet for the period; rejects with an ApiError on refusal. */
  pour: (bet: WingoBetRequest & { period: string; requestKey: string }) => Promise<ResponseOf<'/wingo/pour'>>;
};

/** One Win Go room: the round, the betting buttons and sheet, and the records. Shared by Win Go and PK. */
export function WingoRoomView({ room, pour }: WingoRoomViewProps) {
  const { t } = useTranslation('lottery');
  const round = useLotteryRound(room);
  const token = useSessionToken();
  const balance = useBalance();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [selection, setSelection] = useState<WingoSelection | null>(null);
  // Each opening mounts a fresh sheet, so it starts from the default stake, never the last bet's count.
  const [sheetKey, setSheetKey] = useState(0);
  const { moment, markBet, dismiss } = useResultMoment(room, round);
  const [tab, setTab] = useState<RecordTab>('games');
  const isBettingOpen = round.phase === 'betting';

  const choose = (select: WingoSelection) => {
    if (!token) {
      navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setSheetKey((key) => key + 1);
    setSelection(select);
  };

  const requestKey = useRequestKey();
  const confirm = async (bet: WingoBetRequest) => {
    if (!round.period) return;
    const request = { ...bet, period: round.period.period };
    let placed: Awaited<ReturnType<typeof pour>>;
    try {
      placed = await pour({ ...request, requestKey: requestKey.keyFor(JSON.stringify(request)) });
      requestKey.settle();
      markBet(placed.bet.period);
    } catch (error) {
      requestKey.settle(error);
      throw error;
    }
    queryClient.setQueryData<{ balance: string; bonus: string }>(queryKeys.balance(token), (current) =>
      current ? { ...current, balance: placed.balance } : current,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.userLog(token, room.roomId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.allTransactions(token) });
    notify.success(t('lottery.sheet.placed', { period: placed.bet.period }));
  };

  return (
    <div className={styles.roomView}>
      <RoundPanel round={round} />

      <section
        className={styles.betBoard}
        aria-label={t('lottery.placeBet')}
        data-testid="bet-board"
        aria-disabled={!isBettingOpen}
      >
        <div className={styles.colourButtons}>
          {COLOUR_SELECTIONS.map((colour) => (
            <button
              key={colour}
              type="button"
              className={`${styles.colourButton} ${styles[`colour_${colour}`]}`}
              disabled={!isBettingOpen}
              onClick={() => choose(colour)}
              data-testid={`bet-${colour}`}
            >
              {t(`lottery.colours.${colour}`)}
            </button>
          ))}
        </div>
        <div className={styles.numberButtons}>
          {NUMBER_SELECTIONS.map((number) => (
            <button
              key={number}
              type="button"
              className={`${styles.ball} ${styles.ball_md} ${wingoColours(Number(number))
                .map((colour) => styles[`ball_${colour}`])
                .join(' ')} ${styles.numberButton}`}
              disabled={!isBettingOpen}
              onClick={() => choose(number)}
              aria-label={t('lottery.betOnNumber', { number })}
              data-testid={`bet-number-${number}`}
            >
              {number}
            </button>
          ))}
        </div>
      </section>

      <WingoBetSheet
        key={sheetKey}
        selection={selection}
        onClose={() => setSelection(null)}
        onConfirm={confirm}
        round={round}
        balance={balance.data?.balance ?? null}
      />
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
          { value: 'chart', label: t('lottery.chart'), panel: <TrendChart room={room} /> },
          { value: 'mine', label: t('lottery.myRecord'), panel: <MyRecord room={room} /> },
        ]}
      />
    </div>
  );
}
