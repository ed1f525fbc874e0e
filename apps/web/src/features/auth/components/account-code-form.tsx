import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/lib/validation.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { SendCodeButton, type CodeChannel } from './send-code-button.tsx';

/**
 * The two first rows of the signed-in code forms: the account's own mobile number or e-mail address
 * (read-only) and the code sent to it.
 */
export function AccountCodeFields({
  channel,
  destination,
  code,
  onCodeChange,
  codeError,
  destinationError,
  onInvalidDestination,
  onRefused,
  idPrefix,
}: {
  channel: CodeChannel;
  destination: string;
  code: string;
  onCodeChange: (code: string) => void;
  codeError: string | undefined;
  destinationError: string | undefined;
  onInvalidDestination: (error: FieldError) => void;
  onRefused: (error: unknown) => void;
  idPrefix: string;
}): ReactNode {
  const { t } = useTranslation('auth');
  const codeInputId = `${idPrefix}-code`;
  return (
    <>
      <TextField
        id={`${idPrefix}-${channel}`}
        label={channel === 'mobile' ? t('auth.mobileLabel') : t('auth.emailLabel')}
        prefix={channel === 'mobile' ? '+91' : undefined}
        value={destination}
        onValueChange={() => undefined}
        readOnly
        hint={t('security.codeGoesToAccount')}
        error={destinationError}
      />
      <TextField
        id={codeInputId}
        label={t('auth.codeLabel')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onValueChange={onCodeChange}
        error={codeError}
        action={
          <SendCodeButton
            channel={channel}
            destination={destination}
            codeInputId={codeInputId}
            onInvalidDestination={onInvalidDestination}
            onRefused={onRefused}
          />
        }
      />
    </>
  );
}
