import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { notify } from '../../../shared/ui/notify.ts';
import type { ReturnState } from '../../../app/app-routes.tsx';
import { api } from '../../../shared/api/api.ts';
import { STORAGE_KEYS, storage } from '../../../shared/lib/storage-keys.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkEmail, checkLoginPassword, checkMobile } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { announceExclusion } from '../../protection/breaks/announce-exclusion.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import styles from '../components/auth.module.css';
import { ChannelTabs } from '../components/channel-tabs.tsx';
import { useCompleteSignIn } from '../components/complete-sign-in.ts';
import type { CodeChannel } from '../components/send-code-button.tsx';

function LoginForm({ channel, initialAccount }: { channel: CodeChannel; initialAccount: string }) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn('/mine');
  const [account, setAccount] = useState(initialAccount);
  const [password, setPassword] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useFormErrors<'mobile' | 'email' | 'password'>(
    channel === 'mobile'
      ? { mobile: 'login-mobile', password: 'login-password' }
      : { email: 'login-email', password: 'login-email-password' },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      [channel]: channel === 'mobile' ? checkMobile(account) : checkEmail(account),
      password: checkLoginPassword(password),
    });
    if (!isValid) return;
    setIsSubmitting(true);
    try {
      const result =
        channel === 'mobile'
          ? await api('/user/login', { mobile: account.trim(), password })
          : await api('/user/emailLogin', { email: account.trim(), password });
      notify.success(t('auth.welcomeBack', { name: result.user.nickName }));
      announceExclusion(result.exclusion);
      completeSignIn(result);
    } catch (error) {
      form.applyServerError(error);
      setIsSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('auth.loginForm')}>
      {channel === 'mobile' ? (
        <TextField
          id="login-mobile"
          label={t('auth.mobileLabel')}
          prefix="+91"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={account}
          onValueChange={(value) => {
            setAccount(value);
            form.clearField(channel);
          }}
          error={form.errors[channel]}
        />
      ) : (
        <TextField
          id="login-email"
          label={t('auth.emailLabel')}
          type="email"
          autoComplete="email"
          value={account}
          onValueChange={(value) => {
            setAccount(value);
            form.clearField(channel);
          }}
          error={form.errors[channel]}
        />
      )}
      <TextField
        id={channel === 'mobile' ? 'login-password' : 'login-email-password'}
        label={t('auth.passwordLabel')}
        isPassword
        autoComplete="current-password"
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          form.clearField('password');
        }}
        error={form.errors.password}
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isSubmitting}>
        {t('auth.loginButton')}
      </Button>
      <div className={styles.links}>
        <Link to={channel === 'mobile' ? '/forget' : '/forgetemail'}>{t('auth.forgotPassword')}</Link>
        <Link to="/reg">{t('auth.createAccount')}</Link>
      </div>
    </form>
  );
}

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const notice = (location.state as ReturnState | null)?.notice;
  const storedAccount = storage.get(STORAGE_KEYS.mobile) ?? '';
  const isStoredEmail = storedAccount.includes('@');
  const [channel, setChannel] = useState<CodeChannel>(isStoredEmail ? 'email' : 'mobile');

  return (
    <AuthShell
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <>
          {t('auth.noAccount')} <Link to="/reg">{t('auth.registerLink')}</Link>
        </>
      }
    >
      {notice && (
        <p className={styles.notice} role="status">
          {notice === 'passwordChanged' ? t('auth.passwordChangedNotice') : t('auth.passwordResetNotice')}
        </p>
      )}
      <ChannelTabs
        channel={channel}
        onChannelChange={setChannel}
        label={t('auth.loginWith')}
        mobile={<LoginForm key="mobile" channel="mobile" initialAccount={isStoredEmail ? '' : storedAccount} />}
        email={<LoginForm key="email" channel="email" initialAccount={isStoredEmail ? storedAccount : ''} />}
      />
    </AuthShell>
  );
}
