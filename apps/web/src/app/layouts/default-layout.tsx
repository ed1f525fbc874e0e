import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { HomeIcon, MegaphoneIcon, UserIcon } from '../../shared/ui/icons.tsx';
import styles from './layouts.module.css';
import { useDocumentTitle } from './use-document-title.ts';

const TABS = [
  { to: '/', labelKey: 'nav.home', Icon: HomeIcon },
  { to: '/promotion', labelKey: 'nav.promotion', Icon: MegaphoneIcon },
  { to: '/mine', labelKey: 'nav.mine', Icon: UserIcon },
] as const;

function BottomNavigation() {
  const { t } = useTranslation();
  return (
    <nav className={styles.bottomNav} aria-label={t('nav.mainNavigation')}>
      <ul className={styles.bottomNavList}>
        {TABS.map(({ to, labelKey, Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={styles.bottomNavLink}>
              <span className={styles.bottomNavIcon}>
                <Icon size={22} />
              </span>
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Content above the bottom navigation (Home, Promotion, Mine). */
export function DefaultLayout({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className={`${styles.page} ${styles.withBottomNav}`}>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <BottomNavigation />
    </div>
  );
}
