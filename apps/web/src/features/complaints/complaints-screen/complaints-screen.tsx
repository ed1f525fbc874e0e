import type { TComplaint } from '@mayur/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { BackIcon, CheckIcon } from '../../../shared/ui/icons.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { useUnreadComplaints } from '../use-unread-complaints.ts';
import { ComplaintForm } from './complaint-form.tsx';
import { ComplaintList } from './complaint-list.tsx';
import { ComplaintThread } from './complaint-thread.tsx';
import styles from './complaints-screen.module.css';

type Tab = 'new' | 'mine';

function FiledNotice({ complaint, onView, onAnother }: { complaint: TComplaint; onView: () => void; onAnother: () => void }) {
  const { t } = useTranslation('complaints');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className={styles.filed} data-testid="complaint-filed">
      <span className={styles.filedBadge} aria-hidden="true">
        <CheckIcon size={28} />
      </span>
      <h2 ref={headingRef} tabIndex={-1} className={styles.threadTitle}>
        {t('complaints.filed.title')}
      </h2>
      <p>{t('complaints.filed.body', { number: isolateLeftToRight(complaint.number) })}</p>
      <Button isBlock onClick={onView}>
        {t('complaints.filed.view')}
      </Button>
      <Button variant="ghost" isBlock onClick={onAnother}>
        {t('complaints.filed.another')}
      </Button>
    </div>
  );
}

/**
 * `/complaint` (bare layout) and `/addsug` (nav layout): write to the operator, read the answers.
 * `?tab=mine` opens the list, `?id=<complaint>` one conversation, so each view has its own address.
 */
export function ComplaintsScreen({ layout }: { layout: 'bare' | 'nav' }) {
  const { t } = useTranslation('complaints');
  const goBack = useGoBack('/mine');
  const [searchParams, setSearchParams] = useSearchParams();
  const [filed, setFiled] = useState<TComplaint | null>(null);
  const unreadCount = useUnreadComplaints();
  const openId = searchParams.get('id');
  // /complaint (from Support's "new complaint") opens on the form, /addsug (Mine's entry) on the list.
  const requestedTab = searchParams.get('tab');
  const tab: Tab = openId
    ? 'mine'
    : requestedTab === 'mine' || requestedTab === 'new'
      ? requestedTab
      : layout === 'bare'
        ? 'new'
        : 'mine';

  const show = (next: { tab?: Tab; id?: string }) => {
    const params = new URLSearchParams();
    if (next.tab) params.set('tab', next.tab);
    if (next.id) params.set('id', next.id);
    setSearchParams(params);
  };

  const newPanel = filed ? (
    <FiledNotice
      complaint={filed}
      onView={() => {
        setFiled(null);
        show({ id: filed.id });
      }}
      onAnother={() => setFiled(null)}
    />
  ) : (
    <ComplaintForm onFiled={setFiled} />
  );
  const minePanel = openId ? (
    <ComplaintThread id={openId} onBack={() => show({ tab: 'mine' })} />
  ) : (
    <ComplaintList onOpen={(id) => show({ id })} onWrite={() => show({ tab: 'new' })} />
  );

  return (
    <div className={styles.screen} data-testid="complaints-screen">
      {layout === 'bare' && (
        <div className={styles.bareHeader}>
          <button type="button" className={styles.backButton} aria-label={t('common.back')} onClick={goBack}>
            <BackIcon />
          </button>
          <h1 className={styles.bareTitle}>{t('titles.complaint')}</h1>
        </div>
      )}
      <p className={styles.intro}>{t('complaints.intro')}</p>
      <Tabs
        label={t('titles.complaint')}
        value={tab}
        onValueChange={(value) => show({ tab: value })}
        listClassName={styles.tabs}
        tabClassName={styles.tab}
        panelClassName={styles.panel}
        items={[
          { value: 'new', label: t('complaints.tabs.new'), panel: newPanel },
          {
            value: 'mine',
            label: (
              <>
                {t('complaints.tabs.mine')}
                {unreadCount > 0 && (
                  <span className={styles.tabBadge} aria-label={t('complaints.list.unreadCount', { count: unreadCount })}>
                    {unreadCount}
                  </span>
                )}
              </>
            ),
            panel: minePanel,
          },
        ]}
      />
    </div>
  );
}
