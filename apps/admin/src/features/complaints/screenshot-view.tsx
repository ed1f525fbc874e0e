import { useQuery } from '@tanstack/react-query';
import type { TComplaintAttachment } from '@mayur/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { ErrorState, Loading } from '../../shared/ui/states.tsx';

/** A complaint's screenshot, fetched only when the operator opens it (each opening is audited). */
export function ScreenshotView({ attachment, index }: { attachment: TComplaintAttachment; index: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const screenshot = useQuery({
    queryKey: ['screenshot', attachment.id],
    queryFn: () => adminApi('/complaints/screenshot', { screenshotId: attachment.id }),
    enabled: isOpen,
    staleTime: Infinity,
  });
  if (!isOpen)
    return (
      <button type="button" className="button secondary small" onClick={() => setIsOpen(true)}>
        {t('complaints.showScreenshot', { index: index + 1, width: attachment.width, height: attachment.height })}
      </button>
    );
  if (screenshot.isPending) return <Loading />;
  if (screenshot.isError) return <ErrorState error={screenshot.error} onRetry={() => void screenshot.refetch()} />;
  return (
    <img
      className="screenshot"
      data-testid="complaint-screenshot"
      src={`data:${screenshot.data.type};base64,${screenshot.data.dataBase64}`}
      alt={t('complaints.screenshotAlt', { index: index + 1 })}
      width={screenshot.data.width}
      height={screenshot.data.height}
    />
  );
}
