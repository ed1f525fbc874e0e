import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/ui/notify.ts';
import { promptInstall, useInstallPrompt } from '../../../shared/lib/install-prompt.ts';
import { DownloadIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './home-screen.module.css';

// Needed only in browsers that offer installation, and only after a tap.
const InstallOfferDialog = lazy(() =>
  import('./install-offer-dialog.tsx').then((module) => ({ default: module.InstallOfferDialog })),
);

/** The operator's Android package, served by the server on the same origin (404 when none is installed). */
export const APK_URL = '/download/app.apk';

async function isApkAvailable(): Promise<boolean> {
  try {
    const response = await fetch(APK_URL, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Opens the apk when the operator has installed one; otherwise says so and, where the browser has
 * offered it, proposes installing the web app itself.
 */
export function DownloadAppButton() {
  const { t } = useTranslation();
  const installPrompt = useInstallPrompt();
  const [isChecking, setIsChecking] = useState(false);
  const [isInstallOfferOpen, setIsInstallOfferOpen] = useState(false);

  const onClick = async () => {
    setIsChecking(true);
    const isAvailable = await isApkAvailable();
    setIsChecking(false);
    if (isAvailable) {
      window.location.assign(APK_URL);
      return;
    }
    if (installPrompt) {
      setIsInstallOfferOpen(true);
      return;
    }
    notify.info(t('download.notAvailable'), { id: 'apk-missing' });
  };

  const install = async () => {
    setIsInstallOfferOpen(false);
    const isAccepted = await promptInstall();
    if (isAccepted) notify.success(t('download.installed'));
  };

  return (
    <>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('download.button')}
        title={t('download.button')}
        onClick={() => void onClick()}
        disabled={isChecking}
        aria-busy={isChecking || undefined}
      >
        {isChecking ? <Spinner size={20} /> : <DownloadIcon size={20} />}
      </button>
      {isInstallOfferOpen && (
        <Suspense fallback={null}>
          <InstallOfferDialog isOpen onClose={() => setIsInstallOfferOpen(false)} onInstall={() => void install()} />
        </Suspense>
      )}
    </>
  );
}
