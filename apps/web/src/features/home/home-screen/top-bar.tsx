import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../../shared/ui/icons.tsx';
import { LanguagePickerButton } from '../../../shared/ui/language-picker.tsx';
import { LogoMark } from '../../../shared/ui/logo.tsx';
import { DownloadAppButton } from './download-app-button.tsx';
import styles from './home-screen.module.css';

export function TopBar({ hasNotice, onOpenNotice }: { hasNotice: boolean; onOpenNotice: () => void }) {
  const { t } = useTranslation();
  return (
    <header className={styles.topBar}>
      <Link to="/" className={styles.brand} aria-label={t('app.homeLink')}>
        <LogoMark size={34} />
        <span className={styles.brandName} aria-hidden="true">
          Mayur
        </span>
      </Link>
      <DownloadAppButton />
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('notice.open')}
        title={t('notice.open')}
        aria-haspopup="dialog"
        onClick={onOpenNotice}
      >
        <BellIcon size={20} />
        {hasNotice && <span className={styles.dot} aria-hidden="true" />}
      </button>
      <LanguagePickerButton />
    </header>
  );
}
