import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { LogoMark } from '../../shared/ui/logo.tsx';
import styles from './layouts.module.css';
import { useDocumentTitle } from './use-document-title.ts';

/** The 404 page, with a way home. */
export function NotFoundLayout() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <main id="main" className={styles.notFound} tabIndex={-1}>
      <LogoMark size={72} />
      <p className={styles.notFoundCode} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p className={styles.notFoundText}>{t('notFound.body')}</p>
      <Link to="/" className={buttonClassName({ variant: 'primary' })}>
        {t('notFound.goHome')}
      </Link>
    </main>
  );
}
