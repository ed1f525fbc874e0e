import { useMutation } from '@tanstack/react-query';
import { ZConfirmEnrolmentRequest, type TEnrolment } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { storeSession } from '../../shared/api/session.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { errorText } from '../../shared/ui/states.tsx';

/** First sign-in: scan the QR code, keep the recovery codes, confirm with the first code and a new password. */
export function EnrolmentStep({ enrolment, onRestart }: { enrolment: TEnrolment; onRestart(): void }) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useMutation({
    mutationFn: (input: Parameters<typeof adminApi<'/auth/confirmEnrolment'>>[1]) => adminApi('/auth/confirmEnrolment', input),
    onSuccess: (session) => storeSession(session),
  });
  const secret = new URL(enrolment.otpauthUri).searchParams.get('secret') ?? '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('repeatPassword') ?? '')) return setErrors({ repeatPassword: 'PASSWORDS_DIFFER' });
    const input = { enrolmentToken: enrolment.enrolmentToken, code: String(form.get('code') ?? ''), newPassword };
    const parsed = ZConfirmEnrolmentRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    confirm.mutate(input);
  }

  const fieldError = (name: string) => (errors[name] ? <span className="field-error">{t(`errors.${errors[name]}`)}</span> : null);

  return (
    <main className="centered">
      <form className="card form wide" onSubmit={submit} noValidate aria-labelledby="enrol-title">
        <h1 id="enrol-title">{t('enrol.title')}</h1>
        <ol className="steps">
          <li>
            <p>{t('enrol.scan')}</p>
            <img
              className="qr"
              data-testid="totp-qr"
              src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
              alt={t('enrol.qrAlt')}
              width={200}
              height={200}
            />
            <p className="muted">
              {t('enrol.manual')} <code data-testid="totp-secret">{secret}</code>
            </p>
          </li>
          <li>
            <p>{t('enrol.recovery')}</p>
            <ul className="recovery-codes" data-testid="recovery-codes">
              {enrolment.recoveryCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <p>{t('enrol.confirm')}</p>
            <label>
              {t('signIn.code')}
              <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              {fieldError('code')}
            </label>
            <label>
              {t('enrol.newPassword')}
              <input name="newPassword" type="password" autoComplete="new-password" />
              <span className="hint">{t('enrol.passwordHint')}</span>
              {fieldError('newPassword')}
            </label>
            <label>
              {t('enrol.repeatPassword')}
              <input name="repeatPassword" type="password" autoComplete="new-password" />
              {fieldError('repeatPassword')}
            </label>
          </li>
        </ol>
        {confirm.error ? (
          <p className="form-error" role="alert">
            {errorText(t, confirm.error)}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="button secondary" onClick={onRestart}>
            {t('enrol.restart')}
          </button>
          <button type="submit" className="button" disabled={confirm.isPending}>
            {confirm.isPending ? t('states.working') : t('enrol.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
