import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rechargeHeldNoteKey, rechargeStatusView, withdrawStatusView } from './record-status.ts';

type Messages = { [key: string]: string | Messages };

const english = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../shared/i18n/locales/en-US/cash.json', import.meta.url)), 'utf8'),
) as Messages;

function englishText(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], english);
}

describe('recharge status', () => {
  it('uses the spec labels and colours', () => {
    const completed = rechargeStatusView({ status: 'COMPLETED', isTransferSubmitted: false });
    const waiting = rechargeStatusView({ status: 'WAIT', isTransferSubmitted: false });
    const failed = rechargeStatusView({ status: 'FAIL', isTransferSubmitted: false });
    expect([completed.tone, waiting.tone, failed.tone]).toEqual(['success', 'pending', 'failed']);
    expect([completed, waiting, failed].map((view) => englishText(view.labelKey))).toEqual(['COMPLETED', 'WAIT', 'Fail']);
  });

  it('marks a reported USDT transfer as being verified while it waits', () => {
    const view = rechargeStatusView({ status: 'WAIT', isTransferSubmitted: true });
    expect(view.tone).toBe('pending');
    expect(englishText(view.labelKey)).toBe('WAIT');
    expect(englishText(view.detailKey!)).toBe('Verifying');
    expect(rechargeStatusView({ status: 'COMPLETED', isTransferSubmitted: true }).detailKey).toBeNull();
  });
});

describe('a recharge paid when it could not be credited', () => {
  it('waits as Held with the reason it is not in the balance, then closes as Returned', () => {
    const held = { status: 'HELD', heldReason: 'deposit_limit', isTransferSubmitted: false } as const;
    expect(rechargeStatusView(held)).toMatchObject({ tone: 'pending', detailKey: null });
    expect(englishText(rechargeStatusView(held).labelKey)).toBe('Held');
    expect(englishText(rechargeHeldNoteKey(held)!)).toBe(
      'Paid after your deposit limit was reached, so it was not added to your balance. It will be returned to you.',
    );
    const returned = { status: 'RETURNED', heldReason: 'self_exclusion', isTransferSubmitted: false } as const;
    expect(rechargeStatusView(returned).tone).toBe('failed');
    expect(englishText(rechargeStatusView(returned).labelKey)).toBe('Returned');
    expect(englishText(rechargeHeldNoteKey(returned)!)).toBe('Paid during your self-exclusion: returned to you.');
  });

  it('has no such sentence for any other recharge', () => {
    for (const status of ['WAIT', 'COMPLETED', 'FAIL'] as const)
      expect(rechargeHeldNoteKey({ status, heldReason: null })).toBeNull();
  });
});

describe('withdrawal status', () => {
  it('uses the spec labels and colours', () => {
    const views = (['SUCCESS', 'WAIT', 'FAIL'] as const).map((status) => withdrawStatusView({ status }));
    expect(views.map((view) => view.tone)).toEqual(['success', 'pending', 'failed']);
    expect(views.map((view) => englishText(view.labelKey))).toEqual(['Success', 'Wait', 'Fail']);
  });
});
