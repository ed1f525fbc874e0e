import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/ui/notify.ts';
import { api } from '../../../shared/api/api.ts';
import { useCountdown } from '../../../shared/lib/use-countdown.ts';
import { checkEmail, checkMobile, type FieldError } from '../../../shared/lib/validation.ts';
import styles from './auth.module.css';

export type CodeChannel = 'mobile' | 'email';

const DEFAULT_RESEND_AFTER_SEC = 60;

type SendCodeButtonProps = {
  channel: CodeChannel;
  /** The mobile number or e-mail address the code goes to. */
  destination: string;
  /** Called when the destination fails the client-side check. */
  onInvalidDestination: (error: FieldError) => void;
  onRefused: (error: unknown) => void;
  /** The code input, focused once a code is on its way. */
  codeInputId: string;
};

/** "Send code", then a 60-second countdown before the next send. */
export function SendCodeButton({ channel, destination, onInvalidDestination, onRefused, codeInputId }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { secondsLeft, start } = useCountdown();
  const [isSending, setIsSending] = useState(false);

  const send = async () => {
    const invalid = channel === 'mobile' ? checkMobile(destination) : checkEmail(destination);
    if (invalid) {
      onInvalidDestination(invalid);
      return;
    }
    setIsSending(true);
    try {
      const result =
        channel === 'mobile'
          ? await api('/smsserver/getCode', { mobile: destination.trim() })
          : await api('/smsserver/getEmailCode', { email: destination.trim() });
      start(result.resendAfterSec > 0 ? result.resendAfterSec : DEFAULT_RESEND_AFTER_SEC);
      notify.success(channel === 'mobile' ? t('auth.codeSentMobile') : t('auth.codeSentEmail'));
      document.getElementById(codeInputId)?.focus();
    } catch (error) {
      onRefused(error);
    } finally {
      setIsSending(false);
    }
  };

  const isWaiting = secondsLeft > 0;
  return (
    <button
      type="button"
      className={styles.sendCode}
      onClick={() => void send()}
      disabled={isSending || isWaiting}
      aria-busy={isSending || undefined}
    >
      {isWaiting ? t('auth.resendIn', { seconds: secondsLeft }) : isSending ? t('auth.sending') : t('auth.sendCode')}
    </button>
  );
}
