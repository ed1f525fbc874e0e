import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import styles from './cash.module.css';

/** The player's cash balance at the top of a payment screen, with the screen's picture beside it. */
export function BalanceCard({ balance, note, art }: { balance: string | undefined; note?: string; art: ReactNode }) {
  const { t } = useTranslation('cash');
  return (
    <section className={styles.balanceCard} aria-labelledby="cash-balance-label">
      <div className={styles.balanceText}>
        <h2 id="cash-balance-label" className={styles.balanceLabel}>
          {t('cash.balance')}
        </h2>
        <p className={styles.balanceValue} data-testid="cash-balance">
          {balance === undefined ? '—' : <Money value={balance} />}
        </p>
        {note && <p className={styles.balanceNote}>{note}</p>}
      </div>
      {art}
    </section>
  );
}
