import { zTotpCode } from '@mayur/contracts/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.tsx';

// The confirmation of a power the server grants only with a fresh code from the operator's own
// authenticator (creating, resetting or disabling an operator; a second owner's decision): a session
// left open, or stolen, is not enough. The code is checked with the contracts' schema before anything
// is sent; Enter in the box confirms, as it would in a form.

/** The confirmation dialog's own props, but `onConfirm` gets the code the operator typed. */
export function CodeConfirmDialog({
  onConfirm,
  error = null,
  children,
  ...dialog
}: Omit<ConfirmDialogProps, 'onConfirm'> & { onConfirm(code: string): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [code, setCode] = useState('');
  const [isCodeInvalid, setIsCodeInvalid] = useState(false);
  const confirm = () => {
    const parsed = zTotpCode.safeParse(code);
    setIsCodeInvalid(!parsed.success);
    if (parsed.success) onConfirm(parsed.data);
  };
  return (
    <ConfirmDialog {...dialog} error={isCodeInvalid ? null : error} onConfirm={confirm}>
      {children}
      <div className="code-field">
        <label htmlFor={inputId}>{t('freshCode.label')}</label>
        <input
          id={inputId}
          name="code"
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          size={8}
          aria-describedby={hintId}
          aria-invalid={isCodeInvalid ? true : undefined}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            // The dialog may sit inside another form (the agent programme's): Enter confirms this, not that.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            confirm();
          }}
        />
        <span className="hint" id={hintId}>
          {t('freshCode.hint')}
        </span>
        {isCodeInvalid ? (
          <span className="field-error" role="alert">
            {t('errors.TOTP_INVALID')}
          </span>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
