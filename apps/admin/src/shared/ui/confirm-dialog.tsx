import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './states.tsx';

// A modal question before an action that moves money, grants power or cannot be undone: the browser's
// own <dialog> (focus kept inside, Escape cancels), with the action's consequences spelled out in
// `children`. A refusal of the action shows inside it (`error`), so the operator reads why where they
// acted and can try again or cancel.

export type ConfirmDialogProps = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isDanger?: boolean;
  isWorking?: boolean;
  error?: unknown;
  onConfirm(): void;
  onCancel(): void;
};

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  isDanger = false,
  isWorking = false,
  error = null,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-dialog-title">{title}</h2>
      <div className="dialog-body">{children}</div>
      {error ? (
        <p className="form-error" role="alert">
          {errorText(t, error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button secondary" onClick={onCancel} disabled={isWorking}>
          {t('dialog.cancel')}
        </button>
        <button type="button" className={isDanger ? 'button danger' : 'button'} onClick={onConfirm} disabled={isWorking}>
          {isWorking ? t('states.working') : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
