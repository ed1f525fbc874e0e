import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useSessionResult } from '../use-protection.ts';
import { playPause } from './play-pause.ts';
import { minutesPlayed, sessionResultSince, type RealityCheckState } from './reality-check-clock.ts';
import { useRealityCheck } from './use-reality-check.ts';
import styles from '../protection.module.css';

/** The reality check (UKGC RTS 13): every N minutes the game pauses until the player continues or leaves. */
export function RealityCheck({ intervalMinutes }: { intervalMinutes: number | null }) {
  const check = useRealityCheck(intervalMinutes);
  if (!check.isDue || !check.state) return null;
  return (
    <RealityCheckDialog
      played={minutesPlayed(check.state, check.nowMs)}
      state={check.state}
      nowMs={check.nowMs}
      onContinue={check.acknowledge}
    />
  );
}

type RealityCheckDialogProps = { played: number; state: RealityCheckState; nowMs: number; onContinue: () => void };

function RealityCheckDialog({ played, state, nowMs, onContinue }: RealityCheckDialogProps) {
  const { t } = useTranslation('protection');
  const navigate = useNavigate();
  // Fixed while the dialog is open, so a clock re-sync does not ask again.
  const [since] = useState(() => sessionResultSince(state, nowMs));
  useEffect(() => {
    playPause.set(true);
    return () => playPause.set(false);
  }, []);
  const result = useSessionResult(since);
  const hours = Math.floor(played / 60);
  const duration =
    hours > 0
      ? t('protection.realityCheck.hoursMinutes', { hours, minutes: String(played % 60).padStart(2, '0') })
      : t('protection.realityCheck.minutesOnly', { minutes: played });
  const netPaise = result.data ? (toPaise(result.data.netResult) ?? 0n) : 0n;

  return (
    <AppDialog
      isOpen
      onOpenChange={() => undefined}
      isPersistent
      role="alertdialog"
      title={t('protection.realityCheck.dialogTitle')}
      description={t('protection.realityCheck.played', { duration })}
      testId="reality-check"
      initialFocus="first-control"
      actions={
        <div className={styles.dialogActions}>
          <Button
            variant="secondary"
            onClick={() => {
              onContinue();
              navigate('/');
            }}
            data-testid="reality-check-leave"
          >
            {t('protection.realityCheck.leave')}
          </Button>
          <Button onClick={onContinue} data-testid="reality-check-continue">
            {t('protection.realityCheck.continue')}
          </Button>
        </div>
      }
    >
      {result.isPending ? (
        <Spinner label={t('protection.loading')} />
      ) : result.isError ? (
        <p role="alert">{t('protection.realityCheck.resultFailed')}</p>
      ) : (
        <dl className={styles.result} data-testid="reality-check-result">
          <div>
            <dt>{t('protection.realityCheck.bets')}</dt>
            <dd className="ltr-text">{formatRupees(result.data.bets)}</dd>
          </div>
          <div>
            <dt>{t('protection.realityCheck.wins')}</dt>
            <dd className="ltr-text">{formatRupees(result.data.wins)}</dd>
          </div>
          <div>
            <dt>{t('protection.realityCheck.netResult')}</dt>
            <dd
              className={`ltr-text ${netPaise < 0n ? styles.negative : netPaise > 0n ? styles.positive : ''}`}
              data-testid="reality-check-net"
            >
              {formatRupees(result.data.netResult, { isSigned: true })}
            </dd>
          </div>
        </dl>
      )}
    </AppDialog>
  );
}
