import type { TTransactionType } from '@mayur/contracts';
import type { TransferReason } from './transfer-reasons.ts';

/** How the transactions list groups reasons into the types a player filters by. */
export const REASONS_BY_TYPE: Record<Exclude<TTransactionType, 'all'>, readonly TransferReason[]> = {
  gift: ['gift'],
  bonus_exchange: ['bonus_exchange'],
  adjustment: ['adjustment'],
  game: ['bet', 'fee', 'payout', 'refund'],
  recharge: ['deposit'],
  withdraw: ['withdrawal_hold', 'withdrawal_paid', 'withdrawal_rejected'],
  commission: ['commission', 'invite_bonus'],
};

export function typeOfReason(reason: string): Exclude<TTransactionType, 'all'> {
  for (const [type, reasons] of Object.entries(REASONS_BY_TYPE)) {
    if ((reasons as readonly string[]).includes(reason)) return type as Exclude<TTransactionType, 'all'>;
  }
  return 'adjustment';
}
