import type { PayoutAccount } from './payout-accounts.ts';

// How a payout account is shown: enough to recognise it, not enough to read it over a shoulder.

const MASK = '••••';
/** Characters kept at each end of a shortened USDT address ("TXyz…9aBc"). */
const ADDRESS_END_LENGTH = 4;

/** "12345678904321" → "•••• 4321". */
export function maskBankAccount(account: string): string {
  return `${MASK} ${account.slice(-4)}`;
}

/** "TXyzAbCdEf…" (34 characters) → "TXyz…9aBc"; short text is left whole. */
export function shortenAddress(address: string): string {
  if (address.length <= ADDRESS_END_LENGTH * 2 + 1) return address;
  return `${address.slice(0, ADDRESS_END_LENGTH)}…${address.slice(-ADDRESS_END_LENGTH)}`;
}

/** One line naming the account: "HDFC Bank •••• 4321", "ravi@okhdfcbank" or "TXyz…9aBc". */
export function payoutAccountLabel(account: PayoutAccount): string {
  if (account.kind === 'usdt') return shortenAddress(account.usdtAccount ?? '');
  if (account.kind === 'upi') return account.upiAccount ?? '';
  return [account.bankName, account.bankAccount ? maskBankAccount(account.bankAccount) : null].filter(Boolean).join(' ');
}
