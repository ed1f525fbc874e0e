// Why money moved. Stored on every transfer; the transactions list groups by it.
export const TRANSFER_REASONS = [
  'gift',
  'bonus_exchange',
  'adjustment',
  'bet',
  'fee',
  'payout',
  'refund',
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_rejected',
  // A recharge paid when it may not be credited (decision 0022): clearing → deposit holds, and back
  // when an operator returns it.
  'deposit_held',
  'deposit_returned',
  'commission',
  'invite_bonus',
] as const;
export type TransferReason = (typeof TRANSFER_REASONS)[number];

export const HOUSE_PURPOSES = ['promotions', 'adjustments', 'fees', 'withdrawal-holds', 'deposit-holds', 'commissions'] as const;
export type HousePurpose = (typeof HOUSE_PURPOSES)[number] | `room:${string}` | `clearing:${string}`;
