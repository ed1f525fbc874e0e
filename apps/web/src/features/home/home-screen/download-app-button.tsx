import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './home-screen.module.css';
import { useAppDownload } from './use-app-download.tsx';

/** The header's download button (see useAppDownload for what a tap does when there is no apk). */
export function DownloadAppButton() {
  const { t } = useTranslation();
  const { download, isChecking, installOffer } = useAppDownload();

  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('download.button')}
        title={t('download.button')}
        onClick={() => void download()}
        disabled={isChecking}
        aria-busy={isChecking || undefined}
      >
        {isChecking ? <Spinner size={20} /> : <DownloadIcon size={20} />}
      </button>
      {installOffer}
    </>
  );
}
