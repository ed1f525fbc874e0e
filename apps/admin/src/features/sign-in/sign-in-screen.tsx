import { useMutation } from '@tanstack/react-query';
import { ZSignInRequest, type TEnrolment } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi, AdminApiError } from '../../shared/api/admin-api.ts';
import { storeSession } from '../../shared/api/session.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { errorText } from '../../shared/ui/states.tsx';
import { EnrolmentStep } from './enrolment-step.tsx';

/**
 * Login, password and the authenticator's code in one form: the server answers every failure alike, so
 * it never says that the password alone was right. An operator who has not enrolled leaves the code
 * empty and gets the enrolment step.
 */
export function SignInScreen() {
  const { t } = useTranslation();
  const [isRecovery, setIsRecovery] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [enrolment, setEnrolment] = useState<TEnrolment | null>(null);
  const signIn = useMutation({
    mutationFn: (input: Parameters<typeof adminApi<'/auth/signIn'>>[1]) => adminApi('/auth/signIn', input),
    onSuccess: (result) => {
      if (result.status === 'enrolmentRequired') setEnrolment(result);
      else storeSession({ token: result.token, expiresAtMs: result.expiresAtMs, operator: result.operator });
    },
  });

  if (enrolment) return <EnrolmentStep enrolment={enrolment} onRestart={() => setEnrolment(null)} />;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      ...(isRecovery ? { recoveryCode: String(form.get('recoveryCode') ?? '') } : { code: String(form.get('code') ?? '') }),
    };
    const parsed = ZSignInRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    signIn.mutate(input);
  }

  const fieldError = (name: string) =>
    errors[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {t(`errors.${errors[name]}`)}
      </span>
    ) : null;

  return (
    <main className="centered">
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.intro')}</p>
        <label>
          {t('signIn.login')}
          <input name="login" autoComplete="username" required aria-invalid={Boolean(errors.login)} />
          {fieldError('login')}
        </label>
        <label>
          {t('signIn.password')}
          <input name="password" type="password" autoComplete="current-password" required />
          {fieldError('password')}
        </label>
        {isRecovery ? (
          <label>
            {t('signIn.recoveryCode')}
            <input name="recoveryCode" autoComplete="off" />
            {fieldError('recoveryCode')}
          </label>
        ) : (
          <label>
            {t('signIn.code')}
            <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
            <span className="hint">{t('signIn.codeHint')}</span>
            {fieldError('code')}
          </label>
        )}
        <button type="button" className="link" onClick={() => setIsRecovery(!isRecovery)}>
          {isRecovery ? t('signIn.useApp') : t('signIn.useRecovery')}
        </button>
        {signIn.error ? (
          <p className="form-error" role="alert">
            {errorText(t, signIn.error)}
          </p>
        ) : null}
        {/* A login strangers have hammered still takes a recovery code from anywhere (decision 0023). */}
        {signIn.error instanceof AdminApiError && signIn.error.code === 'SIGN_IN_THROTTLED' && !isRecovery ? (
          <p className="hint" data-testid="throttled-hint">
            {t('signIn.throttledHint')}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={signIn.isPending}>
          {signIn.isPending ? t('states.working') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
