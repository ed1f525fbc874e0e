import { describe, expect, it } from 'vitest';
import { refusalMessage } from './refusal-message.ts';

// A dictionary with the English texts the app ships, so the test reads as what the player sees.
const TEXTS: Record<string, string> = {
  'errors.DEPOSIT_LIMIT_REACHED': 'This recharge would pass your deposit limit',
  'errors.PLAYER_TIMED_OUT': 'You are taking a time-out',
  'refusals.deposit.day': 'Daily deposit limit {{limit}}, used {{used}}, resets {{resetsAt}}.',
  'refusals.loss.month': 'Monthly loss limit {{limit}}, lost {{used}}, resets {{resetsAt}}.',
  'refusals.timeout': 'Time-out until {{endsAt}}.',
  'refusals.selfExclusion': 'Self-excluded until {{endsAt}}.',
};

function translate(key: string, options: Record<string, string>): string {
  const text = TEXTS[key];
  if (text === undefined) return options.defaultValue ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => options[name] ?? '');
}

const resetsAt = '2026-11-24T18:30:00.000Z';
const when = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
  new Date(resetsAt),
);

describe('refusalMessage', () => {
  it('names the limit, what is used and when it resets', () => {
    const details = { kind: 'deposit', period: 'day', limit: '500.00', used: '400.00', resetsAt };
    expect(refusalMessage('DEPOSIT_LIMIT_REACHED', 'server text', details, translate, 'en-US')).toBe(
      `Daily deposit limit ₹500.00, used ₹400.00, resets ${when}.`,
    );
    const loss = { kind: 'loss', period: 'month', limit: '10000.00', used: '9990.50', resetsAt };
    expect(refusalMessage('LOSS_LIMIT_REACHED', 'server text', loss, translate, 'en-US')).toBe(
      `Monthly loss limit ₹10,000.00, lost ₹9,990.50, resets ${when}.`,
    );
  });

  it('says until when a time-out or self-exclusion runs', () => {
    expect(refusalMessage('PLAYER_TIMED_OUT', 'x', { exclusion: 'timeout', endsAt: resetsAt }, translate, 'en-US')).toBe(
      `Time-out until ${when}.`,
    );
    expect(
      refusalMessage('PLAYER_SELF_EXCLUDED', 'x', { exclusion: 'self-exclusion', endsAt: resetsAt }, translate, 'en-US'),
    ).toBe(`Self-excluded until ${when}.`);
  });

  it('falls back to the code’s translation without details or with details it does not know', () => {
    expect(refusalMessage('DEPOSIT_LIMIT_REACHED', 'server text', undefined, translate, 'en-US')).toBe(
      'This recharge would pass your deposit limit',
    );
    const odd = { kind: 'deposit', period: 'year', limit: '1.00', used: '0.00', resetsAt };
    expect(refusalMessage('DEPOSIT_LIMIT_REACHED', 'server text', odd, translate, 'en-US')).toBe(
      'This recharge would pass your deposit limit',
    );
    expect(refusalMessage('PLAYER_TIMED_OUT', 'x', { exclusion: 'timeout' }, translate, 'en-US')).toBe(
      'You are taking a time-out',
    );
  });

  it('uses the server’s message for a code the app does not know', () => {
    expect(refusalMessage('SOMETHING_NEW', 'Something new happened', null, translate, 'en-US')).toBe('Something new happened');
  });
});
