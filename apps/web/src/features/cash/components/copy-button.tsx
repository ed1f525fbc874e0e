import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton as SharedCopyButton, useCopyWithToast } from '../../../shared/ui/copy-button.tsx';
import { CopyIcon } from '../../../shared/ui/icons.tsx';
import styles from './cash.module.css';

/** A visible "Copy" button; `describedBy` names what it copies (the address beside it). */
export function CopyButton({ text, describedBy, testId }: { text: string; describedBy?: string; testId?: string }) {
  const { t } = useTranslation('cash');
  return <SharedCopyButton text={text} label={t('cash.copy')} describedBy={describedBy} testId={testId} />;
}

/** A small icon button that copies, named by `label` ("Copy order number"). */
export function CopyIconButton({ text, label }: { text: string; label: string }) {
  const copy = useCopyWithToast();
  return (
    <button type="button" className={styles.iconButton} onClick={() => copy(text)}>
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
  const copy = useCopyWithToast();
  return (
    <button type="button" className={className} aria-describedby={describedBy} data-testid={testId} onClick={() => copy(text)}>
      {children}
      <CopyIcon size={18} />
    </button>
  );
}
