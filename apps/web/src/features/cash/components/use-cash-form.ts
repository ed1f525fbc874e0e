import { isErrorCode } from '@mayur/rules/errors';
import { useCallback, useMemo } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { cashFieldOfError, type CashField } from './cash-error-field.ts';

/**
 * The shared form errors (useFormErrors), with payment refusals placed on the field they are about:
 * "check recharge money" under the amount, "please select bank card" under the accounts, and so on,
 * whether or not the server named the field. `fieldIds` must be a constant.
 */
export function useCashForm<Field extends CashField>(fieldIds: Readonly<Record<Field, string>>) {
  const form = useFormErrors<Field>(fieldIds);
  const { setFieldError, applyServerError: applyGenerally } = form;
  const fields = useMemo(() => Object.keys(fieldIds) as Field[], [fieldIds]);

  const applyServerError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.code !== 'UNAUTHORIZED' && isErrorCode(error.code)) {
        const field = cashFieldOfError(error.code, error.field, fields) as Field | null;
        if (field) {
          setFieldError(field, error.code);
          document.getElementById(fieldIds[field])?.focus();
          return;
        }
      }
      applyGenerally(error);
    },
    [applyGenerally, fieldIds, fields, setFieldError],
  );

  return { ...form, applyServerError };
}
