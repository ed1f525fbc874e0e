import { useId, useReducer, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import styles from './form-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Already translated error text; shown below the input and announced with it. */
  error?: string | null;
  hint?: string;
  /** Fixed text before the input, e.g. the +91 country code. */
  prefix?: string;
  /** A control at the end of the row, e.g. the "Send code" button. */
  action?: ReactNode;
  /** Adds a show/hide toggle and starts hidden. */
  isPassword?: boolean;
};

export function TextField({
  label,
  value,
  onValueChange,
  error,
  hint,
  prefix,
  action,
  isPassword = false,
  id,
  type,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [isRevealed, setIsRevealed] = useState(false);
  // Renders the field again after every change, so that an edit the owner refused (a letter in an
  // amount) is undone as React would undo it: Preact, which the player app runs on (vite.config.ts),
  // re-renders only when some state changed, and a refused edit changes none.
  const [, showValue] = useReducer((renders: number) => renders + 1, 0);
  // Numbers, addresses, codes and passwords are typed left to right even in Arabic.
  const isLeftToRightValue =
    isPassword ||
    type === 'tel' ||
    type === 'email' ||
    inputProps.inputMode === 'numeric' ||
    inputProps.inputMode === 'decimal' ||
    inputProps.inputMode === 'tel';
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control} data-invalid={Boolean(error)} data-readonly={Boolean(inputProps.readOnly)}>
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          id={inputId}
          className={styles.input}
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value);
            showValue();
          }}
          type={isPassword ? (isRevealed ? 'text' : 'password') : type}
          dir={isLeftToRightValue ? 'ltr' : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {isPassword && (
          // Named by hidden text rather than aria-label, so that finding the field by its label
          // ("Password") does not also find this button.
          <button
            type="button"
            className={styles.iconButton}
            aria-controls={inputId}
            aria-pressed={isRevealed}
            onClick={() => setIsRevealed((revealed) => !revealed)}
          >
            {isRevealed ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
            {/* One name whose pressed state tells whether the password shows, as a toggle button should. */}
            <span className="visually-hidden">{t('form.showPassword')}</span>
          </button>
        )}
        {action}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
