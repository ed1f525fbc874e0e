import { useMutation } from '@tanstack/react-query';
import { ZChangeOwnPasswordRequest } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { errorText } from '../../shared/ui/states.tsx';

/** The signed-in operator's own account: who they are, and changing their password. */
export function AccountScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useMutation({
    mutationFn: (input: Parameters<typeof adminApi<'/auth/changePassword'>>[1]) => adminApi('/auth/changePassword', input),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword') ?? '');
    if (newPassword !== String(form.get('repeatPassword') ?? '')) return setErrors({ repeatPassword: 'PASSWORDS_DIFFER' });
    const input = {
      currentPassword: String(form.get('currentPassword') ?? ''),
      code: String(form.get('code') ?? ''),
      newPassword,
    };
    const parsed = ZChangeOwnPasswordRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(input, { onSuccess: () => formElement.reset() });
  }

  const fieldError = (name: string) => (errors[name] ? <span className="field-error">{t(`errors.${errors[name]}`)}</span> : null);

  return (
    <section className="screen">
      <h1>{t('account.title')}</h1>
      {session ? (
        <p className="muted">
          {session.operator.name} · {session.operator.login} · {t(`roles.${session.operator.role}`)}
        </p>
      ) : null}
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="change-password-title">
        <h2 id="change-password-title">{t('account.changePassword')}</h2>
        <label>
          {t('account.currentPassword')}
          <input name="currentPassword" type="password" autoComplete="current-password" />
          {fieldError('currentPassword')}
        </label>
        <label>
          {t('signIn.code')}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
          {fieldError('code')}
        </label>
        <label>
          {t('enrol.newPassword')}
          <input name="newPassword" type="password" autoComplete="new-password" />
          {fieldError('newPassword')}
        </label>
        <label>
          {t('enrol.repeatPassword')}
          <input name="repeatPassword" type="password" autoComplete="new-password" />
          {fieldError('repeatPassword')}
        </label>
        {change.error ? (
          <p className="form-error" role="alert">
            {errorText(t, change.error)}
          </p>
        ) : change.isSuccess ? (
          <p className="notice" role="status">
            {t('account.changed')}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={change.isPending}>
          {t('account.submit')}
        </button>
      </form>
    </section>
  );
}
