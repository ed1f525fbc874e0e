import type { TPayoutAccount } from '@mayur/contracts';

// How a payout account is named (account lists, the delete dialog, the withdrawal screen): enough to
// recognise it, never the whole number, in the same shape as the server's masked withdrawal labels.

const HIDDEN = '••••';

/** "••••4321": the last four characters of an account number. */
export function maskAccountNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return compact.length <= 4 ? compact : `${HIDDEN}${compact.slice(-4)}`;
}

/** "pl••••@upi": the first two characters of a UPI id's name and its whole handle. */
export function maskUpiId(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return maskAccountNumber(value);
  return `${value.slice(0, Math.min(2, at))}${HIDDEN}${value.slice(at)}`;
}

/** "TXyz…9aBc": the start and end of a wallet address, which is how people compare them. */
export function shortenAddress(value: string): string {
  return value.length <= 12 ? value : `${value.slice(0, 4)}…${value.slice(-4)}`;
}

/** The account's masked destination: "HDFC Bank ••••4321", "pl••••@upi" or "TXyz…9aBc". */
export function payoutAccountLabel(account: TPayoutAccount): string {
  switch (account.kind) {
    case 'bank':
      return [account.bankName?.trim(), account.bankAccount ? maskAccountNumber(account.bankAccount) : null]
        .filter(Boolean)
        .join(' ');
    case 'upi':
      return account.upiAccount ? maskUpiId(account.upiAccount) : '';
    case 'usdt':
      return account.usdtAccount ? shortenAddress(account.usdtAccount) : '';
  }
}

function createdAtMs(account: TPayoutAccount): number {
  const time = Date.parse(account.createTime);
  return Number.isNaN(time) ? 0 : time;
}

/** Newest first (by creation time, then id), so the account added last is the one chosen at the start. */
export function newestFirst(accounts: readonly TPayoutAccount[]): TPayoutAccount[] {
  return [...accounts].sort((first, second) => createdAtMs(second) - createdAtMs(first) || second.id - first.id);
}
