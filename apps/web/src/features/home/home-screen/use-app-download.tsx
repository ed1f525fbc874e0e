import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { promptInstall, useInstallPrompt } from '../../../shared/lib/install-prompt.ts';
import { notify } from '../../../shared/ui/notify.ts';

// Needed only in browsers that offer installation, and only after a tap.
const InstallOfferDialog = lazy(() =>
  import('./install-offer-dialog.tsx').then((module) => ({ default: module.InstallOfferDialog })),
);

/** The operator's Android package, served by the server on the same origin (404 when none is installed). */
export const APK_URL = '/download/app.apk';

/** Whether a same-site download is there to be fetched (the server answers 404 JSON when it is not). */
async function isDownloadAvailable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Downloading the app, for the header button and the notice dialog's link alike: opens the file when
 * the operator has installed one; otherwise says so and, where the browser has offered it, proposes
 * installing the web app itself. Render `installOffer` where the hook is used.
 */
export function useAppDownload(): {
  download: (url?: string) => Promise<void>;
  isChecking: boolean;
  installOffer: ReactNode;
} {
  const { t } = useTranslation();
  const installPrompt = useInstallPrompt();
  const [isChecking, setIsChecking] = useState(false);
  const [isInstallOfferOpen, setIsInstallOfferOpen] = useState(false);

  const download = async (url: string = APK_URL) => {
    setIsChecking(true);
    const isAvailable = await isDownloadAvailable(url);
    setIsChecking(false);
    if (isAvailable) {
      window.location.assign(url);
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

  const installOffer = isInstallOfferOpen ? (
    <Suspense fallback={null}>
      <InstallOfferDialog isOpen onClose={() => setIsInstallOfferOpen(false)} onInstall={() => void install()} />
    </Suspense>
  ) : null;

  return { download, isChecking, installOffer };
}
