import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { NoticeDialog } from './notice-dialog.tsx';
import { MegaphoneIcon, ShieldIcon } from '../../../shared/ui/icons.tsx';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { PgGamesTab } from '../../third-games/pg-games-tab.tsx';
import { AnnouncementStrip } from './announcement-strip.tsx';
import { BalanceShortcut } from './balance-shortcut.tsx';
import { BannerCarousel } from './banner-carousel.tsx';
import { BigWinsTicker } from './big-wins-ticker.tsx';
import { GameGrid } from './game-grid.tsx';
import { AVIATOR_ROOM_TILES, PK_TILES } from './game-tiles.ts';
import styles from './home-screen.module.css';
import { TopBar } from './top-bar.tsx';
import { useCachedRead } from './use-cached-read.ts';
import { useNoticeDialog } from './use-notice-dialog.ts';

const ANNOUNCEMENT_SEPARATOR = '     ✦     ';

function useAnnouncementText(): string {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = useCachedRead(`notices:${lang}`, () => api('/user/findNotice', { pageNum: 1, pageSize: 10, lang }));
  const messages = (data?.list ?? []).map((notice) => notice.message.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return messages.length > 0 ? messages.join(ANNOUNCEMENT_SEPARATOR) : t('home.defaultAnnouncement');
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
        <BalanceShortcut />
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
                  <h2 className={`${styles.sectionHeading} ${styles.laterSection}`}>{t('games.winGoPk')}</h2>
                  <GameGrid tiles={PK_TILES} isBelowFold />
                  <h2 className={`${styles.sectionHeading} ${styles.laterSection}`}>{t('home.aviatorRooms')}</h2>
                  <GameGrid tiles={AVIATOR_ROOM_TILES} isBelowFold />
                </>
              ),
            },
            { value: 'pg', label: t('home.pgGames'), panel: <PgGamesTab /> },
          ]}
        />
        <BigWinsTicker />
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
