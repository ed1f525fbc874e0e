/** The fields of the recharge and withdrawal forms a refusal can be about. */
export type CashField = 'method' | 'amount' | 'account' | 'withdrawPassword';

const FIELD_OF_CODE: Readonly<Record<string, CashField>> = {
  RECHARGE_METHOD_INVALID: 'method',
  PAYMENT_METHOD_UNAVAILABLE: 'method',
  AMOUNT_INVALID: 'amount',
  RECHARGE_AMOUNT_INVALID: 'amount',
  WITHDRAW_AMOUNT_INVALID: 'amount',
  INSUFFICIENT_BALANCE: 'amount',
  BANK_CARD_REQUIRED: 'account',
  PAYOUT_ACCOUNT_NOT_FOUND: 'account',
  WITHDRAW_PASSWORD_REQUIRED: 'withdrawPassword',
  WITHDRAW_PASSWORD_INVALID: 'withdrawPassword',
  WITHDRAW_PASSWORD_WRONG: 'withdrawPassword',
  WITHDRAW_PASSWORD_THROTTLED: 'withdrawPassword',
  WITHDRAW_PASSWORD_NOT_SET: 'withdrawPassword',
};

/**
 * The form field a payment refusal concerns: the one the server named when it names one of the form's
 * fields (a validation refusal), else the one its code is about ("check recharge money" is the
 * amount's), else none and it belongs to the whole form.
 */
export function cashFieldOfError(code: string, serverField: string | undefined, fields: readonly CashField[]): CashField | null {
  const named = fields.find((field) => field === serverField);
  if (named) return named;
  if (serverField === 'bankCardId' && fields.includes('account')) return 'account';
  const field = Object.hasOwn(FIELD_OF_CODE, code) ? FIELD_OF_CODE[code] : undefined;
  return field !== undefined && fields.includes(field) ? field : null;
}
