import type { TTransactionType } from '@mayur/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSACTION_FILTERS } from '../components/transaction-types.tsx';
import styles from './transactions-screen.module.css';

/** A row of chips, one per type; the chosen one is pressed. The row scrolls sideways on narrow screens. */
export function TypeFilter({
  value,
  onValueChange,
}: {
  value: TTransactionType;
  onValueChange: (type: TTransactionType) => void;
}) {
  const { t } = useTranslation('wallet');
  const selectedRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    selectedRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  return (
    <div className={styles.filterBar}>
      <div className={styles.chips} role="group" aria-label={t('transactions.filterLabel')} data-testid="transaction-filters">
        {TRANSACTION_FILTERS.map((type) => (
          <button
            key={type}
            ref={type === value ? selectedRef : undefined}
            type="button"
            className={styles.chip}
            aria-pressed={type === value}
            onClick={() => onValueChange(type)}
          >
            {t(`transactions.types.${type}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
