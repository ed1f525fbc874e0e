import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { notify } from '../../../shared/ui/notify.ts';
import { api } from '../../../shared/api/api.ts';
import { useCurrentUser } from '../../../shared/api/queries.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkCode, checkConfirmation, checkWithdrawPassword } from '../../../shared/lib/validation.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageFallback } from '../../../shared/ui/spinner.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AccountCodeFields } from '../components/account-code-form.tsx';
import { AuthShell } from '../components/auth-shell.tsx';
import styles from '../components/auth.module.css';
import type { CodeChannel } from '../components/send-code-button.tsx';

type WithdrawField = 'mobile' | 'email' | 'code' | 'withdrawPassword' | 'confirmWithdrawPassword';

const FIELD_IDS = {
  mobile: 'withdraw-reset-mobile',
  email: 'withdraw-reset-email',
  code: 'withdraw-reset-code',
  withdrawPassword: 'withdraw-reset-password',
  confirmWithdrawPassword: 'withdraw-reset-confirm',
} as const;

function WithdrawPasswordForm({ channel, destination }: { channel: CodeChannel; destination: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const form = useFormErrors<WithdrawField>(FIELD_IDS);

  const edit = (field: WithdrawField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    form.clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      code: checkCode(code),
      withdrawPassword: checkWithdrawPassword(withdrawPassword),
      confirmWithdrawPassword: checkConfirmation(confirmation, withdrawPassword, 'WITHDRAW_PASSWORD_REQUIRED'),
    });
    if (!isValid) return;
    setIsSubmitting(true);
    try {
      if (channel === 'mobile')
        await api('/user/changeWithdrawPsw', { mobile: destination, code: code.trim(), withdrawPassword });
      else await api('/user/changeWithdrawPswEmail', { email: destination, code: code.trim(), withdrawPassword });
      notify.success(t('security.withdrawPasswordSaved'));
      navigate('/mine', { replace: true });
    } catch (error) {
      form.applyServerError(error);
      setIsSubmitting(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('security.withdrawTitle')}>
      <AccountCodeFields
        channel={channel}
        destination={destination}
        code={code}
        onCodeChange={edit('code', setCode)}
        codeError={form.errors.code}
        destinationError={form.errors[channel]}
        onInvalidDestination={(error) => form.setFieldError(channel, error)}
        onRefused={form.applyServerError}
        idPrefix="withdraw-reset"
      />
      <TextField
        id={FIELD_IDS.withdrawPassword}
        label={t('security.newWithdrawPasswordLabel')}
        isPassword
        autoComplete="new-password"
        hint={t('security.withdrawPasswordHint')}
        value={withdrawPassword}
        onValueChange={edit('withdrawPassword', setWithdrawPassword)}
        error={form.errors.withdrawPassword}
      />
      <TextField
        id={FIELD_IDS.confirmWithdrawPassword}
        label={t('security.confirmWithdrawPasswordLabel')}
        isPassword
        autoComplete="new-password"
        value={confirmation}
        onValueChange={edit('confirmWithdrawPassword', setConfirmation)}
        error={form.errors.confirmWithdrawPassword}
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isSubmitting}>
        {t('security.saveWithdrawPassword')}
      </Button>
    </form>
  );
}

/** Reset withdrawal password (/reset by mobile, /resetemail by e-mail) with a code to the account's own address. */
export function ResetWithdrawPasswordScreen({ channel }: { channel: CodeChannel }) {
  const { t } = useTranslation('auth');
  const { data: user, isPending, refetch } = useCurrentUser();
  const destination = channel === 'mobile' ? user?.mobile : user?.email;
  const otherRoute = channel === 'mobile' ? '/resetemail' : '/reset';

  return (
    <AuthShell title={t('security.withdrawTitle')} subtitle={t('security.withdrawSubtitle')}>
      {isPending ? (
        <PageFallback />
      ) : !user ? (
        <LoadError onRetry={() => void refetch()} />
      ) : destination ? (
        <WithdrawPasswordForm channel={channel} destination={destination} />
      ) : (
        <div className={styles.closed} role="status">
          <p>{channel === 'mobile' ? t('security.noMobile') : t('security.noEmail')}</p>
          <Link to={otherRoute} replace className={buttonClassName({ variant: 'primary' })}>
            {channel === 'mobile' ? t('security.useEmailInstead') : t('security.useMobileInstead')}
          </Link>
        </div>
      )}
    </AuthShell>
  );
}
