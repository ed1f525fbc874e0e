import type { TAddBankCardRequest, TEditBankCardRequest } from '@mayur/contracts';
import { AppError } from '../../../platform/http/app-error.ts';
import { isValidTronAddress } from '../usdt/tron-address.ts';

export type PayoutAccountFields = {
  kind: 'bank' | 'upi' | 'usdt';
  actualName: string | null;
  ifscCode: string | null;
  bankName: string | null;
  bankAccount: string | null;
  upiAccount: string | null;
  email: string | null;
  mobile: string | null;
  usdtAddress: string | null;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type PayoutAccountForm = DistributiveOmit<TAddBankCardRequest | TEditBankCardRequest, 'withdrawPassword' | 'id'>;
type FormInput = PayoutAccountForm | { kind: 'usdt'; usdtAccount: string };

/** The columns a validated form sets; fields of the other kinds are cleared, never left stale. */
export function payoutAccountFields(input: FormInput): PayoutAccountFields {
  const empty = {
    actualName: null,
    ifscCode: null,
    bankName: null,
    bankAccount: null,
    upiAccount: null,
    email: null,
    mobile: null,
    usdtAddress: null,
  };
  if (input.kind === 'usdt') {
    // The form checked the shape; only the base58 checksum tells a mistyped address from a real one.
    if (!isValidTronAddress(input.usdtAccount))
      throw new AppError('USDT_ADDRESS_INVALID', 'checksum failed', { field: 'usdtAccount' });
    return { ...empty, kind: 'usdt', usdtAddress: input.usdtAccount };
  }
  if (input.kind === 'upi') {
    return {
      ...empty,
      kind: 'upi',
      actualName: input.actualName,
      upiAccount: input.upiAccount,
      email: input.email,
      mobile: input.mobile,
    };
  }
  return {
    ...empty,
    kind: 'bank',
    actualName: input.actualName,
    ifscCode: input.ifscCode,
    bankName: input.bankName,
    bankAccount: input.bankAccount,
    upiAccount: input.upiAccount ?? null,
    email: input.email,
    mobile: input.mobile,
  };
}

export function fieldValues(fields: PayoutAccountFields): unknown[] {
  return [
    fields.kind,
    fields.actualName,
    fields.ifscCode,
    fields.bankName,
    fields.bankAccount,
    fields.upiAccount,
    fields.email,
    fields.mobile,
    fields.usdtAddress,
  ];
}
