import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../shared/lib/copy-text.ts';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { CopyIcon } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import styles from './cash.module.css';

async function copyAndTell(text: string, copied: string, failed: string): Promise<void> {
  if (await copyText(text)) notify.success(copied);
  else notify.error(failed);
}

function useCopy(text: string) {
  const { t } = useTranslation('cash');
  return () => void copyAndTell(text, t('common.copied'), t('common.copyFailed'));
}

/** A visible "Copy" button; `describedBy` names what it copies (the address beside it). */
export function CopyButton({ text, describedBy, testId }: { text: string; describedBy?: string; testId?: string }) {
  const { t } = useTranslation('cash');
  const copy = useCopy(text);
  return (
    <button
      type="button"
      className={buttonClassName({ variant: 'secondary', isSmall: true })}
      aria-describedby={describedBy}
      data-testid={testId}
      onClick={copy}
    >
      <CopyIcon size={16} />
      {t('cash.copy')}
    </button>
  );
}

/** A small icon button that copies, named by `label` ("Copy order number"). */
export function CopyIconButton({ text, label }: { text: string; label: string }) {
  const copy = useCopy(text);
  return (
    <button type="button" className={styles.iconButton} onClick={copy}>
      <CopyIcon size={16} />
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/** A value that copies itself when tapped; its name is the value, `describedBy` says a tap copies it. */
export function CopyValueButton({
  text,
  describedBy,
  className,
  children,
  testId,
}: {
  text: string;
  describedBy: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const copy = useCopy(text);
  return (
    <button type="button" className={className} aria-describedby={describedBy} data-testid={testId} onClick={copy}>
      {children}
      <CopyIcon size={18} />
    </button>
  );
}
