import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { CoinIcon } from '../../../shared/ui/icons.tsx';
import styles from './home-screen.module.css';

/** The signed-in player's cash balance, read afresh on each visit to home; undefined until it arrives. */
function useCashBalance(token: string | null): string | undefined {
  const [balance, setBalance] = useState<{ token: string; value: string }>();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    // A background read: a refusal or an expired session simply leaves the shortcut without a figure.
    api('/user/balance', {}, { isSilent: true, ignoresUnauthorized: true, signal: controller.signal }).then(
      (result) => setBalance({ token, value: result.balance }),
      () => undefined,
    );
    return () => controller.abort();
  }, [token]);
  return balance?.token === token ? balance.value : undefined;
}

/**
 * Home's balance shortcut, just under the top bar: the player's cash, a tap away from recharging. It
 * takes its final size at first paint ("…" until the figure arrives), so nothing below it moves. Not
 * shown signed out.
 */
export function BalanceShortcut() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const balance = useCashBalance(token);
  if (!token) return null;
  const amount = balance === undefined ? '…' : formatRupees(balance);
  return (
    <Link to="/recharge" className={styles.balanceShortcut} aria-label={t('home.balanceShortcut', { amount })}>
      <CoinIcon size={22} />
      <span className={styles.balanceText}>
        <span className={styles.balanceLabel}>{t('home.balance')}</span>
        <span className={`ltr-text ${styles.balanceAmount}`} data-testid="home-balance">
          {amount}
        </span>
      </span>
      <span className={styles.balanceAction} aria-hidden="true">
        {t('titles.recharge')}
      </span>
    </Link>
  );
}
