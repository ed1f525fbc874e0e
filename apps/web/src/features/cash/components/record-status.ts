import type { TRechargeRecord, TWithdrawRecord } from '@mayur/contracts';

/** How a status looks: green when the money arrived, amber while it waits, red when it failed. */
export type StatusTone = 'success' | 'pending' | 'failed';

export type StatusView = {
  /** i18n key of the badge's text, the spec's label (§4): COMPLETED, WAIT, Fail; Success, Wait, Fail. */
  labelKey: string;
  tone: StatusTone;
  /** i18n key of a line under the badge, when the status needs one. */
  detailKey: string | null;
};

// A held payment is still the player's money on its way back, so it waits; once returned it is closed.
const RECHARGE_TONES = {
  COMPLETED: 'success',
  WAIT: 'pending',
  FAIL: 'failed',
  HELD: 'pending',
  RETURNED: 'failed',
} as const satisfies Record<TRechargeRecord['status'], StatusTone>;

const WITHDRAW_TONES = { SUCCESS: 'success', WAIT: 'pending', FAIL: 'failed' } as const satisfies Record<
  TWithdrawRecord['status'],
  StatusTone
>;

/** A recharge's badge; a USDT order whose transfer was reported is still WAIT, shown as being verified. */
export function rechargeStatusView(record: Pick<TRechargeRecord, 'status' | 'isTransferSubmitted'>): StatusView {
  return {
    labelKey: `cash.status.recharge.${record.status}`,
    tone: RECHARGE_TONES[record.status],
    detailKey: record.status === 'WAIT' && record.isTransferSubmitted ? 'cash.status.verifying' : null,
  };
}

/**
 * The sentence under a recharge that was paid when it could not be credited (over a deposit limit, in a
 * time-out or self-exclusion): why it is not in the balance, and that it is being, or was, returned.
 */
export function rechargeHeldNoteKey(record: Pick<TRechargeRecord, 'status' | 'heldReason'>): string | null {
  if (!record.heldReason) return null;
  if (record.status === 'HELD') return `cash.records.held.${record.heldReason}`;
  if (record.status === 'RETURNED') return `cash.records.returned.${record.heldReason}`;
  return null;
}

/** A withdrawal's badge. */
export function withdrawStatusView(record: Pick<TWithdrawRecord, 'status'>): StatusView {
  return { labelKey: `cash.status.withdraw.${record.status}`, tone: WITHDRAW_TONES[record.status], detailKey: null };
}
