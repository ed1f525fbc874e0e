import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { NoticeDialog } from './notice-dialog.tsx';
import { MegaphoneIcon, ShieldIcon, SparkIcon } from '../../../shared/ui/icons.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { AnnouncementStrip } from './announcement-strip.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { GameGrid } from './game-grid.tsx';
import styles from './home-screen.module.css';
import { TopBar } from './top-bar.tsx';
import { useCachedRead } from './use-cached-read.ts';
import { useNoticeDialog } from './use-notice-dialog.ts';

const ANNOUNCEMENT_SEPARATOR = '     ✦     ';

function useAnnouncementText(): string {
  const { t } = useTranslation();
  const data = useCachedRead('notices', () => api('/user/findNotice', { pageNum: 1, pageSize: 10 }));
  const messages = (data?.list ?? []).map((notice) => notice.message.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return messages.length > 0 ? messages.join(ANNOUNCEMENT_SEPARATOR) : t('home.defaultAnnouncement');
}

function PgGamesComingSoon() {
  const { t } = useTranslation();
  return (
    <div className={styles.emptyState}>
      <span className={styles.emptyIcon} aria-hidden="true">
        <SparkIcon size={30} />
      </span>
      <p className={styles.emptyTitle}>{t('common.comingSoon')}</p>
      <p className={styles.emptyBody}>{t('home.pgGamesSoon')}</p>
    </div>
  );
}

export function HomeScreen() {
  const { t } = useTranslation();
  const noticeDialog = useNoticeDialog();
  const announcement = useAnnouncementText();
  const [category, setCategory] = useState<'code' | 'pg'>('code');

  return (
    <>
      <TopBar hasNotice={noticeDialog.notice !== undefined} onOpenNotice={noticeDialog.open} />
      <h1 className="visually-hidden">{t('home.heading')}</h1>
      <AnnouncementStrip text={announcement} label={t('home.announcementLabel')} leftIcon={<MegaphoneIcon size={18} />} />
      <div className={styles.content}>
        <BannerCarousel />
        <Tabs
          label={t('home.gameCategories')}
          value={category}
          onValueChange={setCategory}
          listClassName={styles.tabList}
          tabClassName={styles.tab}
          panelClassName={styles.tabPanel}
          items={[
            {
              value: 'code',
              label: t('home.codeGames'),
              panel: (
                <>
                  <h2 className={styles.sectionHeading}>{t('home.popularGames')}</h2>
                  <GameGrid />
                </>
              ),
            },
            { value: 'pg', label: t('home.pgGames'), panel: <PgGamesComingSoon /> },
          ]}
        />
        <p className={styles.fairNote}>
          <ShieldIcon size={28} />
          <span>
            {t('home.fairNote')} <Link to="/risk">{t('home.riskDisclosureLink')}</Link>
          </span>
        </p>
      </div>
      <NoticeDialog notice={noticeDialog.notice} isOpen={noticeDialog.isOpen} onClose={noticeDialog.close} />
    </>
  );
}
