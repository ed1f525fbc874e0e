import type { ResponseOf } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { BellIcon, ChevronIcon } from '../../../shared/ui/icons.tsx';
import styles from './notice-dialog.module.css';
import { useAppDownload } from './use-app-download.tsx';

type Notice = ResponseOf<'/user/getNoticeUrl'>[number];

/** Only web links and same-site paths are followed; anything else (javascript:, data:) is dropped. */
function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The persistent notice dialog: the first notice with its download, main-site and promotion links. */
export function NoticeDialog({ notice, isOpen, onClose }: { notice: Notice | undefined; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const appDownload = useAppDownload();
  const links = notice
    ? [
        { label: t('notice.download'), href: safeHref(notice.download_url), isDownload: true },
        { label: t('notice.mainSite'), href: safeHref(notice.main_url), isDownload: false },
        { label: t('notice.promotion'), href: safeHref(notice.promotion_url), isDownload: false },
      ].filter((link): link is { label: string; href: string; isDownload: boolean } => link.href !== null)
    : [];

  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={(nextIsOpen) => {
        if (!nextIsOpen) onClose();
      }}
      isPersistent
      testId="notice-dialog"
      title={
        <>
          <span className={styles.badge} aria-hidden="true">
            <BellIcon size={28} />
          </span>
          <br />
          {t('notice.title')}
        </>
      }
      actions={
        <Button onClick={onClose} isBlock>
          {t('notice.confirm')}
        </Button>
      }
    >
      <p className={styles.message}>{notice?.message || t('notice.empty')}</p>
      {links.length > 0 && (
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.label}>
              <a
                className={styles.link}
                href={link.href}
                target={link.href.startsWith('/') ? undefined : '_blank'}
                rel="noopener noreferrer"
                aria-busy={(link.isDownload && appDownload.isChecking) || undefined}
                onClick={(event) => {
                  // A download on this site may not be installed: checked first, as the header button does.
                  if (!link.isDownload || !link.href.startsWith('/')) return;
                  event.preventDefault();
                  if (!appDownload.isChecking) void appDownload.download(link.href);
                }}
              >
                {link.label}
                <ChevronIcon size={18} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {appDownload.installOffer}
    </AppDialog>
  );
}
