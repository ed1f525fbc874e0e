import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error.ts';
import { fieldErrorKey, type FieldError } from './validation.ts';

/**
 * Which form field a refusal code is about, when the server did not name one. The first matching
 * prefix wins, so a more specific prefix comes before any shorter one it begins with.
 */
const FIELD_OF_CODE_PREFIX: ReadonlyArray<[prefix: string, field: string]> = [
  ['MOBILE_', 'mobile'],
  ['EMAIL_', 'email'],
  ['WITHDRAW_PASSWORD_', 'withdrawPassword'],
  ['WITHDRAW_AMOUNT_', 'amount'],
  ['PASSWORD_', 'password'],
  ['ACTUAL_NAME_', 'actualName'],
  ['IFSC_', 'ifscCode'],
  ['BANK_NAME_', 'bankName'],
  ['BANK_ACCOUNT_', 'bankAccount'],
  ['BANK_CARD_REQUIRED', 'bankCardId'],
  ['UPI_ACCOUNT_', 'upiAccount'],
  ['USDT_', 'usdtAccount'],
  ['RECHARGE_AMOUNT_', 'amount'],
  ['INSUFFICIENT_BALANCE', 'amount'],
  ['CODE_', 'code'],
  ['WAIT_ONE_MINUTE', 'code'],
  ['RECOMMENDATION_CODE_', 'invitationCode'],
  ['AGE_CONFIRMATION_', 'ageConfirmed'],
  ['RISK_ACCEPTANCE_', 'riskAccepted'],
  ['NICKNAME_', 'nickName'],
  ['GIFT_', 'code'],
  ['BONUS_', 'bonus'],
  ['INSUFFICIENT_BONUS', 'bonus'],
];

function focusField(id: string | undefined): void {
  if (id) document.getElementById(id)?.focus();
}

export function fieldOfErrorCode(code: string): string | null {
  return FIELD_OF_CODE_PREFIX.find(([prefix]) => code.startsWith(prefix))?.[1] ?? null;
}

/**
 * Inline errors of one form: client-side checks by contract error code, and server refusals placed
 * on the field they concern (or above the submit button when they concern the whole form).
 */
export function useFormErrors<Field extends string>(fieldIds: Partial<Record<Field, string>>) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const setFieldError = useCallback(
    (field: Field, error: FieldError | null) => {
      setErrors((current) => ({ ...current, [field]: error ? t(fieldErrorKey(error)) : undefined }));
    },
    [t],
  );

  const clearField = useCallback((field: Field) => {
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    setFormError(null);
  }, []);

  /** Shows every failed check and focuses the first; true when all passed. */
  const validate = useCallback(
    (checks: Partial<Record<Field, FieldError | null>>): boolean => {
      const next: Partial<Record<Field, string>> = {};
      let firstInvalid: Field | null = null;
      for (const field of Object.keys(fieldIds) as Field[]) {
        const error = checks[field];
        if (!error) continue;
        next[field] = t(fieldErrorKey(error));
        firstInvalid ??= field;
      }
      setErrors(next);
      setFormError(null);
      if (firstInvalid !== null) focusField(fieldIds[firstInvalid]);
      return firstInvalid === null;
    },
    [fieldIds, t],
  );

  const applyServerError = useCallback(
    (error: unknown) => {
      if (!isApiError(error)) {
        setFormError(t('errors.INTERNAL'));
        return;
      }
      if (error.code === 'UNAUTHORIZED') return;
      const field = [error.field, fieldOfErrorCode(error.code)].find(
        (candidate): candidate is Field => candidate !== undefined && candidate !== null && Object.hasOwn(fieldIds, candidate),
      );
      if (field) {
        setErrors((current) => ({ ...current, [field]: error.message }));
        focusField(fieldIds[field]);
      } else {
        setFormError(error.message);
      }
    },
    [fieldIds, t],
  );

  return { errors, formError, setFieldError, clearField, validate, applyServerError };
}
