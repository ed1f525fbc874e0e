import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  isBlock?: boolean;
  isSmall?: boolean;
  /** Shows a spinner and disables the button while a request is in flight. */
  isBusy?: boolean;
};

export function buttonClassName({
  variant = 'primary',
  isBlock = false,
  isSmall = false,
}: Pick<ButtonProps, 'variant' | 'isBlock' | 'isSmall'>): string {
  return [styles.button, styles[variant], isBlock ? styles.block : '', isSmall ? styles.small : ''].filter(Boolean).join(' ');
}

export function Button({
  variant,
  isBlock,
  isSmall,
  isBusy = false,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`${buttonClassName({ variant, isBlock, isSmall })} ${className ?? ''}`}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...props}
    >
      {isBusy && (
        <span className={styles.busySpinner}>
          <Spinner size={18} />
        </span>
      )}
      {children}
    </button>
  );
}
