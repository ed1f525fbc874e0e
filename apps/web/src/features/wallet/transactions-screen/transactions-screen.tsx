import type { TTransactionType } from '@mayur/contracts';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { GiftIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { isTransactionFilter } from '../components/transaction-types.tsx';
import { EmptyStatementArt } from '../components/wallet-art.tsx';
import { TransactionRow, TransactionRowSkeleton } from './transaction-row.tsx';
import styles from './transactions-screen.module.css';
import { TypeFilter } from './type-filter.tsx';
import { useOnVisible } from '../../../shared/lib/use-on-visible.ts';
import { useTransactions } from './use-transactions.ts';

const SKELETON_ROWS = 6;

function EmptyTransactions({ type }: { type: TTransactionType }) {
  const { t } = useTranslation('wallet');
  const isFiltered = type !== 'all';
  return (
    <div className={styles.empty} data-testid="transactions-empty">
      <EmptyStatementArt className={styles.emptyArt} />
      <h2 className={styles.emptyTitle}>{t('transactions.emptyTitle')}</h2>
      <p className={styles.emptyHint}>{isFiltered ? t('transactions.emptyFilteredHint') : t('transactions.emptyHint')}</p>
      {(type === 'all' || type === 'gift') && (
        <Link to="/gift" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          <GiftIcon size={18} />
          {t('transactions.redeemGift')}
        </Link>
      )}
    </div>
  );
}

/** /transactions: every movement of the player's cash and bonus, newest first, loaded as the list scrolls. */
export function TransactionsScreen() {
  const { t } = useTranslation('wallet');
  const [searchParams, setSearchParams] = useSearchParams();
  const typeParameter = searchParams.get('type');
  const type: TTransactionType = isTransactionFilter(typeParameter) ? typeParameter : 'all';
  const transactions = useTransactions(type);
  const sentinelRef = useRef<HTMLDivElement>(null);

  const canLoadMore = transactions.hasNextPage && !transactions.isFetchingNextPage && !transactions.isFetchNextPageError;
  useOnVisible(sentinelRef, () => void transactions.fetchNextPage(), {
    isEnabled: canLoadMore,
    generation: transactions.data?.pages.length ?? 0,
  });

  const chooseType = (next: TTransactionType) => {
    // The filter lives in the address, so going back to this screen keeps it; it does not add history.
    setSearchParams(next === 'all' ? {} : { type: next }, { replace: true });
  };

  let content: ReactNode;
  if (transactions.isPending) {
    content = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('common.loading')}</span>
        <ul className={styles.list} data-testid="transactions-loading">
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <TransactionRowSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  } else if (transactions.isError && transactions.rows.length === 0) {
    content = <LoadError onRetry={() => void transactions.refetch()} />;
  } else if (transactions.rows.length === 0) {
    content = <EmptyTransactions type={type} />;
  } else {
    content = (
      <>
        <ul className={styles.list} data-testid="transactions-list">
          {transactions.rows.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </ul>
        <div ref={sentinelRef} className={styles.listFooter} aria-live="polite">
          {transactions.isFetchingNextPage && (
            <p className={styles.loadingMore}>
              <Spinner size={20} />
              {t('transactions.loadingMore')}
            </p>
          )}
          {transactions.isFetchNextPageError && (
            <div className={styles.loadMoreError} role="alert">
              <p>{t('transactions.loadMoreFailed')}</p>
              <Button variant="secondary" isSmall onClick={() => void transactions.fetchNextPage()}>
                {t('common.retry')}
              </Button>
            </div>
          )}
          {!transactions.hasNextPage && (
            <p className={styles.endMarker} data-testid="transactions-end">
              <span>{t('transactions.end')}</span>
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <TypeFilter value={type} onValueChange={chooseType} />
      <section className={styles.content} aria-label={t('transactions.listLabel')} aria-busy={transactions.isFetching}>
        {content}
      </section>
    </div>
  );
}
