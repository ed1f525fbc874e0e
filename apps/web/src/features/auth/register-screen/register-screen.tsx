import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notify } from '../../../shared/ui/notify.ts';
import { api } from '../../../shared/api/api.ts';
import { queryKeys } from '../../../shared/api/queries.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkInvitationCode,
  checkMobile,
  checkNewPassword,
} from '../../../shared/lib/validation.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { CheckboxField, FormError } from '../../../shared/ui/checkbox-field.tsx';
import { WarningIcon } from '../../../shared/ui/icons.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import styles from '../components/auth.module.css';
import { ChannelTabs } from '../components/channel-tabs.tsx';
import { useCompleteSignIn } from '../components/complete-sign-in.ts';
import { SendCodeButton, type CodeChannel } from '../components/send-code-button.tsx';

type RegisterField =
  'mobile' | 'email' | 'code' | 'password' | 'confirmPassword' | 'invitationCode' | 'ageConfirmed' | 'riskAccepted';

const FIELD_IDS = {
  code: 'reg-code',
  password: 'reg-password',
  confirmPassword: 'reg-confirm-password',
  invitationCode: 'reg-invitation-code',
  ageConfirmed: 'reg-age',
  riskAccepted: 'reg-risk',
} as const;

function RegisterForm({
  channel,
  isInvitationRequired,
  initialInvitationCode,
}: {
  channel: CodeChannel;
  isInvitationRequired: boolean;
  initialInvitationCode: string;
}) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn('/mine');
  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [invitationCode, setInvitationCode] = useState(initialInvitationCode);
  const [isAgeConfirmed, setIsAgeConfirmed] = useState(false);
  const [isRiskAccepted, setIsRiskAccepted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useFormErrors<RegisterField>(
    channel === 'mobile' ? { mobile: 'reg-mobile', ...FIELD_IDS } : { email: 'reg-email', ...FIELD_IDS },
  );

  const edit =
    <Value,>(field: RegisterField, setter: (value: Value) => void) =>
    (value: Value) => {
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
      invitationCode: checkInvitationCode(invitationCode, isInvitationRequired),
      ageConfirmed: isAgeConfirmed ? null : 'AGE_CONFIRMATION_REQUIRED',
      riskAccepted: isRiskAccepted ? null : 'RISK_ACCEPTANCE_REQUIRED',
    });
    if (!isValid) return;
    setIsSubmitting(true);
    const common = {
      code: code.trim(),
      password,
      invitationCode: invitationCode.trim() || undefined,
      ageConfirmed: true,
      riskAccepted: true,
    };
    try {
      const result =
        channel === 'mobile'
          ? await api('/user/regist', { mobile: account.trim(), ...common })
          : await api('/user/emailRegist', { email: account.trim(), ...common });
      notify.success(t('register.success'));
      completeSignIn(result);
    } catch (error) {
      form.applyServerError(error);
      setIsSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('register.form')}>
      {channel === 'mobile' ? (
        <TextField
          id="reg-mobile"
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
          id="reg-email"
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
        label={t('auth.passwordLabel')}
        isPassword
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        value={password}
        onValueChange={edit('password', setPassword)}
        error={form.errors.password}
      />
      <TextField
        id={FIELD_IDS.confirmPassword}
        label={t('auth.confirmPasswordLabel')}
        isPassword
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={edit('confirmPassword', setConfirmPassword)}
        error={form.errors.confirmPassword}
      />
      <TextField
        id={FIELD_IDS.invitationCode}
        label={t('register.invitationLabel')}
        hint={isInvitationRequired ? t('register.invitationRequired') : t('register.invitationOptional')}
        autoComplete="off"
        autoCapitalize="characters"
        required={isInvitationRequired}
        value={invitationCode}
        onValueChange={edit('invitationCode', setInvitationCode)}
        error={form.errors.invitationCode}
      />
      <CheckboxField
        id={FIELD_IDS.ageConfirmed}
        label={t('register.ageConfirm')}
        isChecked={isAgeConfirmed}
        onCheckedChange={edit('ageConfirmed', setIsAgeConfirmed)}
        error={form.errors.ageConfirmed}
      />
      <CheckboxField
        id={FIELD_IDS.riskAccepted}
        label={t('register.riskAccept')}
        isChecked={isRiskAccepted}
        onCheckedChange={edit('riskAccepted', setIsRiskAccepted)}
        error={form.errors.riskAccepted}
        after={
          <>
            <br />
            <Link to="/risk" className={styles.riskLink}>
              {t('register.readRisk')}
            </Link>
          </>
        }
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isSubmitting}>
        {t('register.submit')}
      </Button>
    </form>
  );
}

function RegistrationClosed() {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.closed} role="status">
      <WarningIcon size={40} />
      <p>
        <strong>{t('errors.REGISTRATION_CLOSED')}</strong>
      </p>
      <p>{t('register.closedBody')}</p>
      <Link to="/login" className={buttonClassName({ variant: 'primary' })}>
        {t('auth.loginButton')}
      </Link>
    </div>
  );
}

export function RegisterScreen() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const initialInvitationCode = (searchParams.get('invitationCode') ?? searchParams.get('code') ?? '').trim();
  const [channel, setChannel] = useState<CodeChannel>('mobile');
  const registerSwitch = useQuery({
    queryKey: queryKeys.registerSwitch,
    queryFn: ({ signal }) => api('/user/findRegistSwitch', {}, { signal }),
  });
  const isInvitationRequired = registerSwitch.data?.invitationCodeRequired ?? false;

  return (
    <AuthShell
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('auth.loginButton')}</Link>
        </>
      }
    >
      {registerSwitch.isPending ? (
        <div className={styles.closed}>
          <Spinner size={36} label={t('common.loading')} />
        </div>
      ) : registerSwitch.data?.registerOpen === false ? (
        <RegistrationClosed />
      ) : (
        <ChannelTabs
          channel={channel}
          onChannelChange={setChannel}
          label={t('register.registerWith')}
          mobile={
            <RegisterForm
              key="mobile"
              channel="mobile"
              isInvitationRequired={isInvitationRequired}
              initialInvitationCode={initialInvitationCode}
            />
          }
          email={
            <RegisterForm
              key="email"
              channel="email"
              isInvitationRequired={isInvitationRequired}
              initialInvitationCode={initialInvitationCode}
            />
          }
        />
      )}
    </AuthShell>
  );
}
