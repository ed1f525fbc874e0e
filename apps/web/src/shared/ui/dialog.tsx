import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import styles from './dialog.module.css';

type AppDialogProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom of the dialog. */
  actions?: ReactNode;
  /** A persistent dialog closes only through its own buttons, not Escape or a tap outside. */
  isPersistent?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** For end-to-end tests. */
  testId?: string;
  /**
   * Where focus lands on opening: the dialog itself, so a screen reader reads its title and text first
   * (default), or its first control, for forms and confirmations.
   */
  initialFocus?: 'dialog' | 'first-control';
};

/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the top layer, makes the rest
 * of the page inert, moves focus in and gives it back on close. We use it instead of Radix Dialog
 * because the notice dialog opens on the home route, whose script budget (130 KB gzip, DESIGN.md §10)
 * cannot carry Radix's ≈ 14 KB.
 */
export function AppDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  children,
  actions,
  isPersistent = false,
  role = 'dialog',
  testId,
  initialFocus = 'dialog',
}: AppDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      if (initialFocus === 'dialog') dialog.focus();
    }
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen, initialFocus]);

  const requestClose = () => {
    if (!isPersistent) onOpenChange(false);
  };

  // Escape is handled here so that a persistent dialog stays open however often it is pressed.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    requestClose();
  };

  // Other close requests (e.g. Android's back gesture) arrive as `cancel`.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    requestClose();
  };

  // The browser may still close the dialog on its own; keep the owner's state in step.
  const onClose = () => {
    if (isOpen) onOpenChange(false);
  };

  // A click on the dialog element itself, outside its content box, is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) requestClose();
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onClick}
    >
      <div className={styles.content}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {children && <div className={styles.body}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </dialog>
  );
}
