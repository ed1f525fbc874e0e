import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../shared/ui/notify.ts';
import type { ReturnState } from '../../../app/app-routes.tsx';
import { api } from '../../../shared/api/api.ts';
import { useCurrentUser } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkCode, checkConfirmation, checkNewPassword } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageFallback } from '../../../shared/ui/spinner.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AccountCodeFields } from '../components/account-code-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import styles from '../components/auth.module.css';
import type { CodeChannel } from '../components/send-code-button.tsx';

type PasswordField = 'mobile' | 'email' | 'code' | 'password' | 'confirmPassword';

const FIELD_IDS = {
  mobile: 'password-reset-mobile',
  email: 'password-reset-email',
  code: 'password-reset-code',
  password: 'password-reset-password',
  confirmPassword: 'password-reset-confirm',
} as const;

function ChangePasswordForm({ channel, destination }: { channel: CodeChannel; destination: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useFormErrors<PasswordField>(FIELD_IDS);

  const edit = (field: PasswordField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      code: checkCode(code),
      password: checkNewPassword(password),
      confirmPassword: checkConfirmation(confirmation, password, 'PASSWORD_REQUIRED'),
    });
    if (!isValid) return;
    setIsSubmitting(true);
    try {
      if (channel === 'mobile') await api('/user/fogetPSW', { mobile: destination, code: code.trim(), password });
      else await api('/user/fogetPSWEmail', { email: destination, code: code.trim(), password });
      // A password change revokes every session on the server, so this device signs in again too.
      session.signOut('passwordChanged');
      notify.success(t('security.passwordChanged'));
      navigate('/login', { replace: true, state: { notice: 'passwordChanged' } satisfies ReturnState });
    } catch (error) {
      form.applyServerError(error);
      setIsSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('security.passwordTitle')}>
      <AccountCodeFields
        channel={channel}
        destination={destination}
        code={code}
        onCodeChange={edit('code', setCode)}
        codeError={form.errors.code}
        destinationError={form.errors[channel]}
        onInvalidDestination={(error) => form.setFieldError(channel, error)}
        onRefused={form.applyServerError}
        idPrefix="password-reset"
      />
      <TextField
        id={FIELD_IDS.password}
        label={t('forget.newPasswordLabel')}
        isPassword
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        value={password}
        onValueChange={edit('password', setPassword)}
        error={form.errors.password}
      />
      <TextField
        id={FIELD_IDS.confirmPassword}
        label={t('forget.confirmNewPasswordLabel')}
        isPassword
        autoComplete="new-password"
        value={confirmation}
        onValueChange={edit('confirmPassword', setConfirmation)}
        error={form.errors.confirmPassword}
      />
      <p className={styles.notice}>{t('security.signOutEverywhereWarning')}</p>
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isSubmitting}>
        {t('security.changePassword')}
      </Button>
    </form>
  );
}

/** Change the login password (/resetps) with a code sent to the account's own mobile number or e-mail. */
export function ResetLoginPasswordScreen() {
  const { t } = useTranslation('auth');
  const { data: user, isPending, refetch } = useCurrentUser();
  const channel: CodeChannel = user?.mobile ? 'mobile' : 'email';
  const destination = user?.mobile ?? user?.email ?? '';
  return (
    <AuthShell title={t('security.passwordTitle')} subtitle={t('security.passwordSubtitle')}>
      {isPending ? (
        <PageFallback />
      ) : user ? (
        <ChangePasswordForm channel={channel} destination={destination} />
      ) : (
        <LoadError onRetry={() => void refetch()} />
      )}
    </AuthShell>
  );
}
