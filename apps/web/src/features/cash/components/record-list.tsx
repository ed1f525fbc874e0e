import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { RefreshIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './cash.module.css';

const SKELETON_ROWS = 5;

/** What the list needs of an infinite query of records. */
export type RecordQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  /** A reload of pages already shown failed; they stay, with a word that they may be out of date. */
  isRefetchError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

function RecordRowSkeleton() {
  return (
    <li className={`${styles.row} ${styles.skeletonRow}`} aria-hidden="true">
      <span className={`${styles.rowIcon} ${styles.skeleton}`} />
      <div className={styles.rowBody}>
        <div className={styles.rowLine}>
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '40%' }} />
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: 72 }} />
        </div>
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '60%' }} />
        <div className={styles.rowLine}>
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '35%' }} />
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: 56 }} />
        </div>
      </div>
    </li>
  );
}

/**
 * A record screen's list with every state: skeleton rows while the first page loads, an error with a
 * retry, the empty picture, then the rows with "Load more" while the server holds more than arrived.
 */
export function RecordList({
  query,
  count,
  total,
  label,
  empty,
  testId,
  children,
}: {
  query: RecordQuery;
  count: number;
  /** How many records the server holds. */
  total: number;
  /** Accessible name of the list's section ("Your recharges"). */
  label: string;
  empty: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('cash');

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <div role="status" aria-live="polite">
        <span className="visually-hidden">{t('common.loading')}</span>
        <ul className={styles.list} data-testid={`${testId}-loading`}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <RecordRowSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  } else if (query.isError && count === 0) {
    content = <LoadError onRetry={() => void query.refetch()} />;
  } else if (count === 0) {
    content = empty;
  } else {
    content = (
      <>
        <ul className={styles.list} data-testid={testId}>
          {children}
        </ul>
        <div className={styles.listFooter} aria-live="polite">
          {query.isFetchingNextPage ? (
            <p className={styles.loadingMore}>
              <Spinner size={20} />
              {t('cash.records.loadingMore')}
            </p>
          ) : query.isFetchNextPageError ? (
            <>
              <p className={styles.loadMoreError} role="alert">
                {t('cash.records.loadMoreFailed')}
              </p>
              <Button variant="secondary" isSmall onClick={() => void query.fetchNextPage()}>
                {t('common.retry')}
              </Button>
            </>
          ) : query.hasNextPage ? (
            <Button variant="secondary" isSmall onClick={() => void query.fetchNextPage()}>
              {t('cash.records.loadMore')}
            </Button>
          ) : (
            <p className={styles.endMarker}>
              <span>{t('cash.records.end')}</span>
            </p>
          )}
        </div>
      </>
    );
  }

  const isReloading = query.isFetching && !query.isPending && !query.isFetchingNextPage;
  return (
    <section className={styles.screen} aria-label={label} aria-busy={query.isFetching}>
      {!query.isPending && count > 0 && (
        <div className={styles.listHeader}>
          <p className={styles.muted}>{t('cash.records.shown', { shown: count, total: Math.max(total, count) })}</p>
          <button
            type="button"
            className={styles.reload}
            aria-busy={isReloading}
            disabled={isReloading}
            onClick={() => void query.refetch()}
          >
            <RefreshIcon size={16} />
            {t('cash.records.reload')}
          </button>
        </div>
      )}
      {query.isRefetchError && count > 0 && (
        <p className={styles.notice} data-tone="danger" role="alert">
          {t('common.loadFailed')}
        </p>
      )}
      <div>{content}</div>
    </section>
  );
}

/** The records' picture and a way forward when there are none. */
export function EmptyRecords({ art, title, hint, action }: { art: ReactNode; title: string; hint: string; action: ReactNode }) {
  return (
    <div className={styles.empty} data-testid="records-empty">
      {art}
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p className={styles.emptyHint}>{hint}</p>
      {action}
    </div>
  );
}
