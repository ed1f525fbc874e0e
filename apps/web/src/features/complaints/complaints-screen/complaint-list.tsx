import type { TComplaint } from '@mayur/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ChatIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useComplaintList } from '../use-complaints.ts';
import styles from './complaints-screen.module.css';

export function StatusChip({ status }: { status: TComplaint['status'] }) {
  const { t } = useTranslation('complaints');
  return (
    <span className={styles.status} data-status={status} data-testid="complaint-status">
      {t(`complaints.statuses.${status}`)}
    </span>
  );
}

/** The player's complaints, newest first, with their status and whether an answer waits to be read. */
export function ComplaintList({ onOpen, onWrite }: { onOpen: (id: string) => void; onWrite: () => void }) {
  const { t, i18n } = useTranslation('complaints');
  const [pageCount, setPageCount] = useState(1);
  const list = useComplaintList(pageCount);

  if (list.isPending) return <Spinner label={t('complaints.list.loading')} />;
  if (list.isError && !list.data) return <LoadError onRetry={() => void list.refetch()} />;
  const { list: complaints, total } = list.data;
  if (complaints.length === 0)
    return (
      <div className={styles.empty} data-testid="complaints-empty">
        <ChatIcon size={40} />
        <p className={styles.emptyTitle}>{t('complaints.list.emptyTitle')}</p>
        <p className={styles.emptyHint}>{t('complaints.list.emptyHint')}</p>
        <Button variant="secondary" onClick={onWrite}>
          {t('complaints.list.write')}
        </Button>
      </div>
    );
  return (
    <div className={styles.list}>
      <ul className={styles.items} data-testid="complaint-list">
        {complaints.map((complaint) => (
          <li key={complaint.id}>
            <button type="button" className={styles.item} onClick={() => onOpen(complaint.id)} data-testid="complaint-item">
              <span className={styles.itemTop}>
                <span className={styles.itemType}>{t(`complaints.types.${complaint.type}`)}</span>
                <StatusChip status={complaint.status} />
              </span>
              <span className={styles.itemText}>{complaint.messages[0]?.text}</span>
              <span className={styles.itemMeta}>
                <span>{t('complaints.list.number', { number: isolateLeftToRight(complaint.number) })}</span>
                <span>{formatDateTime(complaint.updateTime, i18n.language)}</span>
              </span>
              {complaint.hasUnreadAnswer && (
                <span className={styles.unread} data-testid="complaint-unread">
                  {t('complaints.list.newAnswer')}
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {complaints.length < total && (
        <Button variant="ghost" isBlock isBusy={list.isFetching} onClick={() => setPageCount((count) => count + 1)}>
          {t('complaints.list.loadMore')}
        </Button>
      )}
    </div>
  );
}
