import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientDependencies } from './api-client.ts';
import { ApiError } from './api-error.ts';

type FakeFetch = (url: string, init: RequestInit) => Promise<Response>;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(fakeFetch: FakeFetch, overrides: Partial<ApiClientDependencies> = {}) {
  const notified: Array<{ code: string; message: string }> = [];
  const loadingChanges: string[] = [];
  const deps: ApiClientDependencies = {
    baseUrl: '/api',
    fetch: vi.fn(fakeFetch) as unknown as typeof fetch,
    timeoutMs: 15_000,
    getToken: () => 'session-token',
    onUnauthorized: vi.fn(),
    notifyError: (code, message) => notified.push({ code, message }),
    translateError: (code, fallback) => (code === 'INSUFFICIENT_BALANCE' ? 'Solde insuffisant' : fallback),
    loading: { begin: () => loadingChanges.push('begin'), end: () => loadingChanges.push('end') },
    ...overrides,
  };
  return { api: createApiClient(deps), deps, notified, loadingChanges };
}

describe('api client envelope handling', () => {
  it('posts JSON with the token and resolves obj on res 1', async () => {
    const { api, deps, notified } = setup(async () =>
      json({ res: 1, resMsg: 'success', obj: { balance: '98.00', bonus: '0.00' } }),
    );
    await expect(api('/user/balance', {})).resolves.toEqual({ balance: '98.00', bonus: '0.00' });
    const [url, init] = vi.mocked(deps.fetch).mock.calls[0]!;
    expect(url).toBe('/api/user/balance');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('session-token');
    expect(init?.body).toBe('{}');
    expect(notified).toEqual([]);
  });

  it('omits the Authorization header when no token is stored', async () => {
    const { api, deps } = setup(async () => json({ res: 1, resMsg: 'success', obj: [] }), { getToken: () => null });
    await api('/user/getNoticeUrl', {});
    const init = vi.mocked(deps.fetch).mock.calls[0]![1];
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it('rejects res 0 with a typed error and toasts the translated code', async () => {
    const { api, notified } = setup(async () => json({ res: 0, resMsg: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' }));
    const error = await api('/user/balance', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Solde insuffisant' });
    expect(notified).toEqual([{ code: 'INSUFFICIENT_BALANCE', message: 'Solde insuffisant' }]);
  });

  it('falls back to resMsg when the code has no translation and keeps the field', async () => {
    const { api, notified } = setup(async () =>
      json({ res: 0, resMsg: 'Please check mobile number', code: 'MOBILE_INVALID', field: 'mobile' }),
    );
    const error = await api('/user/login', { mobile: '1', password: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'MOBILE_INVALID', message: 'Please check mobile number', field: 'mobile' });
    expect(notified).toHaveLength(1);
  });

  it('hands the refusal details to the translation and keeps them on the error', async () => {
    const details = { kind: 'deposit', period: 'day', limit: '500.00', used: '400.00', resetsAt: '2026-11-24T18:30:00.000Z' };
    const { api, notified } = setup(
      async () => json({ res: 0, resMsg: 'This recharge would pass your deposit limit', code: 'DEPOSIT_LIMIT_REACHED', details }),
      { translateError: (code, fallback, given) => (given === undefined ? fallback : `${code} ${JSON.stringify(given)}`) },
    );
    const error = await api('/cash/payNew', { amount: '200.00', method: 'upi' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'DEPOSIT_LIMIT_REACHED',
      details,
      message: `DEPOSIT_LIMIT_REACHED ${JSON.stringify(details)}`,
    });
    expect(notified).toEqual([{ code: 'DEPOSIT_LIMIT_REACHED', message: `DEPOSIT_LIMIT_REACHED ${JSON.stringify(details)}` }]);
  });

  it('does not toast a refusal when the call is silent', async () => {
    const { api, notified } = setup(async () => json({ res: 0, resMsg: 'Registration is closed', code: 'REGISTRATION_CLOSED' }));
    await expect(api('/user/findRegistSwitch', {}, { isSilent: true })).rejects.toMatchObject({ code: 'REGISTRATION_CLOSED' });
    expect(notified).toEqual([]);
  });

  it('treats HTTP 401 as an expired session', async () => {
    const { api, deps, notified } = setup(async () =>
      json({ res: 401, resMsg: 'The certification has expired', code: 'UNAUTHORIZED' }, 401),
    );
    await expect(api('/user/findUserInfo', {})).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notified.map((entry) => entry.code)).toEqual(['UNAUTHORIZED']);
  });

  it('treats a body with res 401 on HTTP 200 as an expired session', async () => {
    const { api, deps } = setup(async () => json({ res: 401, resMsg: 'The certification has expired' }));
    await expect(api('/user/balance', {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on 401 when the caller says so', async () => {
    const { api, deps } = setup(async () =>
      json({ res: 401, resMsg: 'The certification has expired', code: 'UNAUTHORIZED' }, 401),
    );
    await expect(api('/third/login', { token: 'x' }, { ignoresUnauthorized: true, isSilent: true })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('aborts after the timeout and toasts TIMEOUT', async () => {
    const hangingFetch: FakeFetch = (_url, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { api, notified } = setup(hangingFetch, {
      timeoutMs: 20,
      translateError: (code, fallback) => (code === 'TIMEOUT' ? 'Time Out' : fallback),
    });
    await expect(api('/user/balance', {})).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Time Out' });
    expect(notified).toEqual([{ code: 'TIMEOUT', message: 'Time Out' }]);
  });

  it('reports a network failure and an unreadable body', async () => {
    const offline = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(offline.api('/user/balance', {})).rejects.toMatchObject({ code: 'NETWORK' });
    const broken = setup(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(broken.api('/user/balance', {})).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
  });

  it('raises and lowers the loading flag only for calls that opt in', async () => {
    const { api, loadingChanges } = setup(async () => json({ res: 1, resMsg: 'success', obj: null }));
    await api('/user/logout', {});
    expect(loadingChanges).toEqual([]);
    await api('/user/logout', {}, { showsLoading: true });
    expect(loadingChanges).toEqual(['begin', 'end']);
  });
});
