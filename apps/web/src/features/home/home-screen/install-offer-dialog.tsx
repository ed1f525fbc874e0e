import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';

/** Offered when there is no apk but the browser can install the web app itself. */
export function InstallOfferDialog({
  isOpen,
  onClose,
  onInstall,
}: {
  isOpen: boolean;
  onClose: () => void;
  onInstall: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('download.installTitle')}
      description={`${t('download.notAvailable')}\n${t('download.installOffer')}`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.notNow')}
          </Button>
          <Button onClick={onInstall}>{t('download.install')}</Button>
        </>
      }
    />
  );
}
