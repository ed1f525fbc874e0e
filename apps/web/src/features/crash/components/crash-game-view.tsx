import { CRASH_ROOMS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBalance } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { playSound, setSoundOn, useIsSoundOn } from '../../../shared/lib/sound.ts';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { BackIcon, DocumentIcon, ShieldIcon } from '../../../shared/ui/icons.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { BetPanel } from './bet-panel.tsx';
import { isolatedMultiplier } from './crash-api.ts';
import { AllBets, MyBets, RecentPoints, RoundHistory, TopWins, useMyBets } from './crash-records.tsx';
import { SoundIcon } from './crash-icons.tsx';
import { FlightCanvas, type FlightTheme } from './flight-canvas.tsx';
import { useCrashRound, type CrashRoundView } from './use-crash-round.ts';
import styles from './crash.module.css';

type CrashGameViewProps = {
  room: CrashRoomId;
  title: string;
  theme: FlightTheme;
  /** Shown under the header: Aviator's switch between its rooms. */
  roomSwitch?: ReactNode;
};

type TabValue = 'live' | 'mine' | 'top' | 'rounds';

/** A crash room's whole screen: header, flight, bet panels and records. Aviator and Crash differ only in theme. */
export function CrashGameView({ room, title, theme, roomSwitch }: CrashGameViewProps) {
  const { t } = useTranslation('crash');
  const view = useCrashRound(room);
  const myBets = useMyBets(room);
  // Crash opens on its Crash Record (past rounds), Aviator on the round's bets.
  const [tab, setTab] = useState<TabValue>(theme === 'rocket' ? 'rounds' : 'live');
  const recordsId = useId();
  const isSoundOn = useIsSoundOn();
  useFlightSounds(view);
  const isRocket = theme === 'rocket';
  const bets = myBets.data?.list ?? [];
  const slots: Array<1 | 2> = CRASH_ROOMS[room].slots === 2 ? [1, 2] : [1];

  const liveTab = {
    value: 'live' as const,
    label: isRocket ? t('crash.periodDetail') : t('crash.allBets'),
    panel: <AllBets live={view.live} />,
  };
  const mineTab = {
    value: 'mine' as const,
    label: isRocket ? t('crash.myCrashRecord') : t('crash.myBets'),
    panel: <MyBets query={myBets} />,
  };
  const topTab = { value: 'top' as const, label: t('crash.top'), panel: <TopWins room={room} /> };
  const roundsTab = {
    value: 'rounds' as const,
    label: isRocket ? t('crash.crashRecord') : t('crash.roundDetail'),
    panel: <RoundHistory room={room} />,
  };

  return (
    <div className={`${styles.screen} ${isRocket ? styles.rocket : ''}`} data-room={room}>
      <GameHeader
        title={title}
        room={room}
        isSoundOn={isSoundOn}
        onShowFairness={() => {
          setTab('rounds');
          document.getElementById(recordsId)?.scrollIntoView({ behavior: 'smooth' });
        }}
        onSoundChange={setSoundOn}
      />
      {roomSwitch}
      <RecentPoints points={view.round?.recent ?? []} />
      <section
        className={styles.stage}
        data-testid="flight-stage"
        data-phase={view.phase}
        data-round-id={view.round?.roundId ?? ''}
      >
        <FlightCanvas snapshotRef={view.snapshotRef} feed={view.feed} theme={theme} label={stageLabel(view, t)} />
        <p className={styles.crashedText} data-testid="crashed-text" aria-hidden={view.phase !== 'crashed'}>
          {view.phase === 'crashed' ? t('crash.flewAwayShort') : ''}
        </p>
        <PhaseBanner view={view} />
      </section>
      <div className={styles.panels}>
        {slots.map((slot) => (
          <BetPanel key={slot} room={room} slot={slot} view={view} myBets={bets} variant={isRocket ? 'rocket' : 'aviator'} />
        ))}
      </div>
      <div id={recordsId} />
      <Tabs<TabValue>
        label={t('crash.records')}
        value={tab}
        onValueChange={setTab}
        listClassName={styles.tabList}
        tabClassName={styles.tab}
        panelClassName={styles.tabPanel}
        items={isRocket ? [roundsTab, mineTab, liveTab, topTab] : [liveTab, mineTab, topTab, roundsTab]}
      />
    </div>
  );
}

/** The line under the multiplier: the countdown to take-off, or what the room is waiting for. */
function PhaseBanner({ view }: { view: CrashRoundView }) {
  const { t } = useTranslation('crash');
  const round = view.round;
  let text = '';
  let secondsLeft: number | undefined;
  if (view.phase === 'betting' && round) {
    const seconds = Math.max(0, Math.ceil((round.flyingAtMs - view.nowMs) / 1000));
    secondsLeft = seconds;
    text = t('crash.takeOffIn', { seconds });
  } else if (view.phase !== 'flying' && view.phase !== 'crashed') {
    text = t(`crash.phase.${view.phase}`);
  }
  return (
    <p className={styles.banner} data-testid="phase-banner" data-seconds-left={secondsLeft} aria-live="polite">
      {text}
    </p>
  );
}

/** What the canvas shows, for screen readers: the phase, and the crash point once it flew away. */
function stageLabel(view: CrashRoundView, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (view.phase === 'crashed' && view.round?.crashPointX100)
    return t('crash.flewAway', { multiplier: isolatedMultiplier(view.round.crashPointX100) });
  return t(`crash.phase.${view.phase}`);
}

/** The last seconds before take-off tick (when sound is on), as players expect before the plane goes. */
const COUNTDOWN_TICK_SECONDS = 3;

function useFlightSounds(view: CrashRoundView): void {
  const previous = useRef(view.phase);
  const flyingAtMs = view.round?.flyingAtMs;
  const secondsLeft =
    view.phase === 'betting' && flyingAtMs !== undefined ? Math.max(0, Math.ceil((flyingAtMs - view.nowMs) / 1000)) : null;
  useEffect(() => {
    if (secondsLeft !== null && secondsLeft > 0 && secondsLeft <= COUNTDOWN_TICK_SECONDS) playSound('countdown');
  }, [secondsLeft]);
  useEffect(() => {
    if (previous.current === view.phase) return;
    const wasFlying = previous.current === 'flying';
    previous.current = view.phase;
    if (view.phase === 'flying') playSound('takeoff');
    if (view.phase === 'crashed' && wasFlying) playSound('crash');
  }, [view.phase]);
}

type GameHeaderProps = {
  title: string;
  room: CrashRoomId;
  isSoundOn: boolean;
  onSoundChange: (isOn: boolean) => void;
  /** The shield opens the round detail tab, where every round's proof is checked in place. */
  onShowFairness: () => void;
};

function GameHeader({ title, room, isSoundOn, onSoundChange, onShowFairness }: GameHeaderProps) {
  const { t } = useTranslation('crash');
  const goBack = useGoBack();
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const limits = CRASH_ROOMS[room];
  return (
    <>
      <header className={styles.header}>
        <button type="button" className={styles.headerButton} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
        <h1 className={styles.headerTitle}>{title}</h1>
        <button
          type="button"
          className={styles.headerButton}
          aria-label={t('crash.sound')}
          aria-pressed={isSoundOn}
          onClick={() => onSoundChange(!isSoundOn)}
          data-testid="sound-toggle"
        >
          <SoundIcon isOn={isSoundOn} size={20} />
        </button>
        <button type="button" className={styles.headerLink} aria-label={t('crash.fairness')} onClick={onShowFairness}>
          <ShieldIcon size={18} />
        </button>
      </header>
      <section className={styles.walletCard} aria-label={t('crash.wallet')}>
        <BalanceLine />
        <Button variant="secondary" isSmall onClick={() => setIsHelpOpen(true)} data-testid="help-button">
          <DocumentIcon size={16} />
          {t('crash.help')}
        </Button>
      </section>
      <AppDialog
        isOpen={isHelpOpen}
        onOpenChange={setIsHelpOpen}
        title={t('crash.help')}
        testId="help-dialog"
        actions={
          <Button isBlock onClick={() => setIsHelpOpen(false)}>
            {t('common.close')}
          </Button>
        }
      >
        <p>{t('crash.rules')}</p>
        <dl className={styles.limits}>
          <div>
            <dt>{t('crash.minBet')}</dt>
            <dd className="ltr-text">{formatRupees(limits.minBetPaise)}</dd>
          </div>
          <div>
            <dt>{t('crash.maxBet')}</dt>
            <dd className="ltr-text">{formatRupees(limits.maxBetPaise)}</dd>
          </div>
          <div>
            <dt>{t('crash.maxWin')}</dt>
            <dd className="ltr-text">{formatRupees(limits.maxWinPaise)}</dd>
          </div>
        </dl>
        <p>{t('crash.interruptedRule')}</p>
      </AppDialog>
    </>
  );
}

function BalanceLine() {
  const { t } = useTranslation('crash');
  const token = useSessionToken();
  const balance = useBalance();
  const location = useLocation();
  if (!token) {
    return (
      <Link className={styles.inlineLink} to="/login" state={{ from: location.pathname }}>
        {t('crash.logInToPlay')}
      </Link>
    );
  }
  return (
    <div className={styles.balance}>
      <span className={styles.balanceLabel}>{t('crash.balance')}</span>
      <span className={styles.balanceValue} aria-live="polite">
        {balance.data ? <Money value={balance.data.balance} testId="game-balance" /> : balance.isError ? '—' : '…'}
      </span>
    </div>
  );
}
