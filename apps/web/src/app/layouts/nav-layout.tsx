import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGoBack } from '../../shared/lib/use-go-back.ts';
import { BackIcon } from '../../shared/ui/icons.tsx';
import styles from './layouts.module.css';
import { useDocumentTitle } from './use-document-title.ts';

export type HeaderLink = { to: string; label: string };

/** A header with a back button, the screen's title and an optional link on the far side. */
export function NavLayout({
  title,
  headerLink,
  children,
}: {
  title: string;
  headerLink?: HeaderLink | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.navHeader}>
        <button type="button" className={styles.headerButton} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon />
        </button>
        <h1 className={styles.navTitle}>{title}</h1>
        {headerLink ? (
          <Link className={styles.headerLink} to={headerLink.to}>
            {headerLink.label}
          </Link>
        ) : (
          <span aria-hidden="true" />
        )}
      </header>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
