// @vitest-environment happy-dom
import type { TOperator } from '@mayur/contracts/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, onSessionChange, readSession, storeSession, type StoredSession } from './session.ts';

// The session every tab of the browser shares: another tab's sign-in and sign-out reach this one through
// the `storage` event, the session ends by itself at its end, and a late 401 for an old token does not
// sign out a newer session.

const operator: TOperator = {
  id: '7',
  name: 'Asha',
  login: 'asha@ops.test',
  role: 'support',
  isDisabled: false,
  isTotpEnrolled: true,
  createTime: '2025-01-01T00:00:00.000Z',
  lastSignInTime: null,
};
const session = (token: string, expiresAtMs = Date.now() + 3_600_000): StoredSession => ({ token, expiresAtMs, operator });

/** What another tab's change looks like here: the storage is written, then a `storage` event arrives. */
function changeInAnotherTab(value: StoredSession | null) {
  if (value) localStorage.setItem('mayur-admin-session', JSON.stringify(value));
  else localStorage.removeItem('mayur-admin-session');
  window.dispatchEvent(new StorageEvent('storage', { key: 'mayur-admin-session' }));
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.useRealTimers());

describe('the console session', () => {
  it('is kept in localStorage, where every tab of the browser reads it', () => {
    storeSession(session('op_a'));
    expect(JSON.parse(localStorage.getItem('mayur-admin-session')!).token).toBe('op_a');
    expect(sessionStorage.getItem('mayur-admin-session')).toBeNull();
    expect(readSession()?.token).toBe('op_a');
  });

  it('hears sign-in and sign-out in another tab', () => {
    const onChange = vi.fn();
    const stop = onSessionChange(onChange);
    changeInAnotherTab(session('op_b'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(readSession()?.token).toBe('op_b');
    changeInAnotherTab(null);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(readSession()).toBeNull();
    window.dispatchEvent(new StorageEvent('storage', { key: 'some-other-key' }));
    expect(onChange).toHaveBeenCalledTimes(2);
    stop();
  });

  it('ends by itself when it expires', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    storeSession(session('op_c', 1_000_000 + 60_000));
    const onChange = vi.fn();
    const stop = onSessionChange(onChange);
    vi.advanceTimersByTime(59_999);
    expect(readSession()?.token).toBe('op_c');
    vi.advanceTimersByTime(1);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('mayur-admin-session')).toBeNull();
    expect(onChange).toHaveBeenCalled();
    stop();
  });

  it('on a 401 ends the refused session, not a newer one another tab signed in with', () => {
    storeSession(session('op_new'));
    endSession('op_old');
    expect(readSession()?.token).toBe('op_new');
    endSession('op_new');
    expect(readSession()).toBeNull();
  });
});
