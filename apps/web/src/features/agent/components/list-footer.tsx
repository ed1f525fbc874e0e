import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useOnVisible } from '../../../shared/lib/use-on-visible.ts';
import shared from './agent-screens.module.css';

export type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/**
 * Below a paged list: the next page loads by itself when this comes into view (IntersectionObserver),
 * and a "Load more" button does the same where the observer is missing or the player prefers to tap.
 * A failed page offers a retry; the last page says the list is complete.
 */
export function ListFooter({
  query,
  pageCount,
  testId,
  endLabel,
}: {
  query: PagedQuery;
  pageCount: number;
  testId: string;
  /** What the last page says: the list is complete. */
  endLabel: string;
}) {
  const { t } = useTranslation('agent');
  const sentinelRef = useRef<HTMLDivElement>(null);
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  useOnVisible(sentinelRef, () => void query.fetchNextPage(), { isEnabled: canLoadMore, generation: pageCount });
  return (
    <div ref={sentinelRef} className={shared.listFooter} aria-live="polite" data-testid={`${testId}-footer`}>
      {query.isFetchingNextPage && (
        <p className={shared.muted}>
          <Spinner size={20} /> {t('agent.list.loadingMore')}
        </p>
      )}
      {query.isFetchNextPageError && (
        <div className={shared.loadMoreError} role="alert">
          <p>{t('agent.list.loadMoreFailed')}</p>
          <Button variant="secondary" isSmall onClick={() => void query.fetchNextPage()}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {canLoadMore && (
        <Button variant="ghost" isSmall onClick={() => void query.fetchNextPage()} data-testid={`${testId}-more`}>
          {t('agent.list.loadMore')}
        </Button>
      )}
      {!query.hasNextPage && (
        <p className={shared.endMarker} data-testid={`${testId}-end`}>
          <span>{endLabel}</span>
        </p>
      )}
    </div>
  );
}
