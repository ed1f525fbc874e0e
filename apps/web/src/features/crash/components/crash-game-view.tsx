import { CRASH_ROOMS, type CrashRoomId } from '@mayur/contracts/crash-rooms';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useBalance } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { BackIcon, DocumentIcon, ShieldIcon } from '../../../shared/ui/icons.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { BetPanel } from './bet-panel.tsx';
import { isolatedMultiplier } from './crash-api.ts';
import { LiveBets, MyBets, RecentPoints, RoundHistory, useMyBets } from './crash-records.tsx';
import { FlightCanvas, type FlightTheme } from './flight-canvas.tsx';
import { playBlip, readSoundPreference, saveSoundPreference } from './sound.ts';
import { useCrashRound, type CrashRoundView } from './use-crash-round.ts';
import styles from './crash.module.css';

type CrashGameViewProps = {
  room: CrashRoomId;
  title: string;
  theme: FlightTheme;
};

type TabValue = 'live' | 'mine' | 'rounds';

/** A crash room's whole screen: header, flight, bet panels and records. Aviator and Crash differ only in theme. */
export function CrashGameView({ room, title, theme }: CrashGameViewProps) {
  const { t } = useTranslation('crash');
  const view = useCrashRound(room);
  const myBets = useMyBets(room);
  const [tab, setTab] = useState<TabValue>('live');
  const recordsId = useId();
  const [isSoundOn, setIsSoundOn] = useState(readSoundPreference);
  useFlightSounds(view, isSoundOn);
  const isRocket = theme === 'rocket';
  const bets = myBets.data?.list ?? [];
  const slots: Array<1 | 2> = CRASH_ROOMS[room].slots === 2 ? [1, 2] : [1];

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
        onSoundChange={(isOn) => {
          setIsSoundOn(isOn);
          saveSoundPreference(isOn);
        }}
      />
      <RecentPoints points={view.round?.recent ?? []} />
      <section
        className={styles.stage}
        data-testid="flight-stage"
        data-phase={view.phase}
        data-round-id={view.round?.roundId ?? ''}
      >
        <FlightCanvas snapshotRef={view.snapshotRef} feed={view.feed} theme={theme} label={t(`crash.phase.${view.phase}`)} />
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
        items={[
          {
            value: 'live',
            label: isRocket ? t('crash.crashRecord') : t('crash.liveBets'),
            panel: <LiveBets bets={view.liveBets} />,
          },
          {
            value: 'mine',
            label: isRocket ? t('crash.myCrashRecord') : t('crash.myBets'),
            panel: <MyBets query={myBets} />,
          },
          {
            value: 'rounds',
            label: isRocket ? t('crash.periodDetail') : t('crash.roundDetail'),
            panel: <RoundHistory room={room} />,
          },
        ]}
      />
    </div>
  );
}

function PhaseBanner({ view }: { view: CrashRoundView }) {
  const { t } = useTranslation('crash');
  const round = view.round;
  let text = '';
  let secondsLeft: number | undefined;
  if (view.phase === 'betting' && round) {
    const seconds = Math.max(0, Math.ceil((round.flyingAtMs - view.nowMs) / 1000));
    secondsLeft = seconds;
    text = t('crash.takeOffIn', { seconds });
  } else if (view.phase === 'crashed' && round?.crashPointX100) {
    text = t('crash.flewAway', { multiplier: isolatedMultiplier(round.crashPointX100) });
  } else if (view.phase !== 'flying') {
    text = t(`crash.phase.${view.phase}`);
  }
  return (
    <p
      className={`${styles.banner} ${view.phase === 'crashed' ? styles.bannerCrashed : ''}`}
      data-testid="phase-banner"
      data-seconds-left={secondsLeft}
      aria-live="polite"
    >
      {text}
    </p>
  );
}

function useFlightSounds(view: CrashRoundView, isSoundOn: boolean): void {
  const previous = useRef(view.phase);
  useEffect(() => {
    if (previous.current === view.phase) return;
    const wasFlying = previous.current === 'flying';
    previous.current = view.phase;
    if (!isSoundOn) return;
    if (view.phase === 'flying') playBlip('takeoff');
    if (view.phase === 'crashed' && wasFlying) playBlip('crash');
  }, [view.phase, isSoundOn]);
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
        <button type="button" className={styles.headerLink} aria-label={t('crash.fairness')} onClick={onShowFairness}>
          <ShieldIcon size={18} />
        </button>
      </header>
      <section className={styles.walletCard} aria-label={t('crash.wallet')}>
        <BalanceLine />
        <div className={styles.headerActions}>
          <button
            type="button"
            className={styles.soundToggle}
            aria-pressed={isSoundOn}
            onClick={() => onSoundChange(!isSoundOn)}
            data-testid="sound-toggle"
          >
            {isSoundOn ? t('crash.soundOn') : t('crash.soundOff')}
          </button>
          <Button variant="secondary" isSmall onClick={() => setIsHelpOpen(true)} data-testid="help-button">
            <DocumentIcon size={18} />
            {t('crash.help')}
          </Button>
        </div>
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
