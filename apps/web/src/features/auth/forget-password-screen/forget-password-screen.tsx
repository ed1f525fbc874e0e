import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../shared/ui/notify.ts';
import type { ReturnState } from '../../../app/app-routes.tsx';
import { api } from '../../../shared/api/api.ts';
import { session } from '../../../shared/api/session.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkCode, checkConfirmation, checkEmail, checkMobile, checkNewPassword } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import styles from '../components/auth.module.css';
import { SendCodeButton, type CodeChannel } from '../components/send-code-button.tsx';

type ResetField = 'mobile' | 'email' | 'code' | 'password' | 'confirmPassword';

const FIELD_IDS = { code: 'forget-code', password: 'forget-password', confirmPassword: 'forget-confirm-password' } as const;

/** Forgot password (/forget by mobile, /forgetemail by e-mail): a code, then a new password. */
export function ForgetPasswordScreen({ channel }: { channel: CodeChannel }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useFormErrors<ResetField>(
    channel === 'mobile' ? { mobile: 'forget-mobile', ...FIELD_IDS } : { email: 'forget-email', ...FIELD_IDS },
  );

  const edit = (field: ResetField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      [channel]: channel === 'mobile' ? checkMobile(account) : checkEmail(account),
      code: checkCode(code),
      password: checkNewPassword(password),
      confirmPassword: checkConfirmation(confirmPassword, password, 'PASSWORD_REQUIRED'),
    });
    if (!isValid) return;
    setIsSubmitting(true);
    try {
      if (channel === 'mobile') await api('/user/fogetPSW', { mobile: account.trim(), code: code.trim(), password });
      else await api('/user/fogetPSWEmail', { email: account.trim(), code: code.trim(), password });
      // The server revokes every session of the account, this one included.
      session.signOut('passwordReset');
      notify.success(t('forget.success'));
      navigate('/login', { replace: true, state: { notice: 'passwordReset' } satisfies ReturnState });
    } catch (error) {
      form.applyServerError(error);
      setIsSubmitting(false);
    }
  };

  return (
    <AuthShell
      title={t('forget.title')}
      subtitle={channel === 'mobile' ? t('forget.subtitleMobile') : t('forget.subtitleEmail')}
      footer={<Link to="/login">{t('forget.backToLogin')}</Link>}
    >
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('forget.title')}>
        {channel === 'mobile' ? (
          <TextField
            id="forget-mobile"
            label={t('auth.mobileLabel')}
            prefix="+91"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={account}
            onValueChange={edit('mobile', setAccount)}
            error={form.errors.mobile}
          />
        ) : (
          <TextField
            id="forget-email"
            label={t('auth.emailLabel')}
            type="email"
            autoComplete="email"
            value={account}
            onValueChange={edit('email', setAccount)}
            error={form.errors.email}
          />
        )}
        <TextField
          id={FIELD_IDS.code}
          label={t('auth.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onValueChange={edit('code', setCode)}
          error={form.errors.code}
          action={
            <SendCodeButton
              channel={channel}
              destination={account}
              codeInputId={FIELD_IDS.code}
              onInvalidDestination={(error) => form.setFieldError(channel, error)}
              onRefused={form.applyServerError}
            />
          }
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
          value={confirmPassword}
          onValueChange={edit('confirmPassword', setConfirmPassword)}
          error={form.errors.confirmPassword}
        />
        <FormError message={form.formError} />
        <Button type="submit" isBlock isBusy={isSubmitting}>
          {t('forget.submit')}
        </Button>
        <div className={styles.links}>
          <Link to={channel === 'mobile' ? '/forgetemail' : '/forget'}>
            {channel === 'mobile' ? t('forget.useEmail') : t('forget.useMobile')}
          </Link>
        </div>
      </form>
    </AuthShell>
  );
}
