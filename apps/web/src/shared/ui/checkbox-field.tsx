import { useId, type ReactNode } from 'react';
import styles from './form-field.module.css';

type CheckboxFieldProps = {
  label: ReactNode;
  isChecked: boolean;
  onCheckedChange: (isChecked: boolean) => void;
  error?: string | null;
  /** Content after the label that must not toggle the box when used, e.g. a link to the terms. */
  after?: ReactNode;
  id?: string;
};

export function CheckboxField({ label, isChecked, onCheckedChange, error, after, id }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          id={inputId}
          type="checkbox"
          className={styles.checkbox}
          checked={isChecked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <div className={styles.checkboxLabel}>
          <label htmlFor={inputId}>{label}</label>
          {after}
        </div>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A refusal that belongs to the whole form rather than one field. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}
