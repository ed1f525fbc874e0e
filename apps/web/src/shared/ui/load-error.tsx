import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { WarningIcon } from './icons.tsx';

/** What a screen shows when its data could not be loaded, with a way to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" style={{ display: 'grid', justifyItems: 'center', gap: 12, padding: 24, textAlign: 'center' }}>
      <WarningIcon size={36} />
      <p>{t('common.loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
