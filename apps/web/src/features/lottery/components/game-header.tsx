import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { queryKeys, useBalance } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { setSoundOn, useIsSoundOn } from '../../../shared/lib/sound.ts';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { BackIcon, DocumentIcon, RefreshIcon, ShieldIcon } from '../../../shared/ui/icons.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import styles from './lottery.module.css';

type GameHeaderProps = {
  title: string;
  fairnessTo: string;
  /** The "How to play" dialog's content. */
  rules: ReactNode;
};

/** Back, the game's name, the link to the Fairness screen, then the balance and "How to play". */
export function GameHeader({ title, fairnessTo, rules }: GameHeaderProps) {
  const { t } = useTranslation('lottery');
  const goBack = useGoBack();
  const [isRulesOpen, setIsRulesOpen] = useState(false);
  const isSoundOn = useIsSoundOn();
  return (
    <>
      <header className={styles.header}>
        <button type="button" className={styles.headerButton} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
        <h1 className={styles.headerTitle}>{title}</h1>
        <Link className={styles.headerLink} to={fairnessTo} data-testid="fairness-link">
          <ShieldIcon size={18} />
          <span>{t('lottery.fairnessLink')}</span>
        </Link>
      </header>
      <section className={styles.walletCard} aria-label={t('lottery.wallet')}>
        <BalanceLine />
        <div className={styles.walletActions}>
          <button
            type="button"
            className={styles.soundToggle}
            aria-pressed={isSoundOn}
            onClick={() => setSoundOn(!isSoundOn)}
            data-testid="sound-toggle"
          >
            {isSoundOn ? t('lottery.soundOn') : t('lottery.soundOff')}
          </button>
          <Button variant="secondary" isSmall onClick={() => setIsRulesOpen(true)}>
            <DocumentIcon size={18} />
            {t('lottery.howToPlay')}
          </Button>
        </div>
      </section>
      <AppDialog
        isOpen={isRulesOpen}
        onOpenChange={setIsRulesOpen}
        title={t('lottery.howToPlay')}
        testId="rules-dialog"
        actions={
          <Button isBlock onClick={() => setIsRulesOpen(false)}>
            {t('common.close')}
          </Button>
        }
      >
        {rules}
      </AppDialog>
    </>
  );
}

function BalanceLine() {
  const { t } = useTranslation('lottery');
  const token = useSessionToken();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const location = useLocation();
  if (!token) {
    return (
      <div className={styles.balance}>
        <span className={styles.balanceLabel}>{t('lottery.signedOut')}</span>
        <Link className={styles.inlineLink} to="/login" state={{ from: `${location.pathname}${location.search}` }}>
          {t('lottery.logInToPlay')}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.balance}>
      <span className={styles.balanceLabel}>{t('lottery.balance')}</span>
      <span className={styles.balanceValue} aria-live="polite">
        {balance.data ? <Money value={balance.data.balance} testId="game-balance" /> : balance.isError ? '—' : '…'}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('lottery.refreshBalance')}
        data-testid="refresh-balance"
        onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.balance(token) })}
      >
        <RefreshIcon size={18} />
      </button>
    </div>
  );
}
