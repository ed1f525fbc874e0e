import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text.ts';
import { buttonClassName, type ButtonVariant } from './button.tsx';
import { CopyIcon } from './icons.tsx';
import { notify } from './notify.ts';

/** Copies `text` and says so in a toast: `copiedMessage` when it worked, the hand-copy hint when not. */
export async function copyAndNotify(text: string, copiedMessage: string, failedMessage: string): Promise<boolean> {
  const isCopied = await copyText(text);
  if (isCopied) notify.success(copiedMessage);
  else notify.error(failedMessage);
  return isCopied;
}

/** A function that copies its text and toasts the outcome (by default "Copied"). */
export function useCopyWithToast(): (text: string, copiedMessage?: string) => void {
  const { t } = useTranslation();
  return (text, copiedMessage) => void copyAndNotify(text, copiedMessage ?? t('common.copied'), t('common.copyFailed'));
}

/** A visible copy button named by `label`; `describedBy` names what it copies (the value beside it). */
export function CopyButton({
  text,
  label,
  copiedMessage,
  describedBy,
  testId,
  variant = 'secondary',
  className,
}: {
  text: string;
  label: string;
  copiedMessage?: string;
  describedBy?: string;
  testId?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const copy = useCopyWithToast();
  return (
    <button
      type="button"
      className={`${buttonClassName({ variant, isSmall: true })} ${className ?? ''}`}
      aria-describedby={describedBy}
      data-testid={testId}
      onClick={() => copy(text, copiedMessage)}
    >
      <CopyIcon size={16} />
      {label}
    </button>
  );
}
