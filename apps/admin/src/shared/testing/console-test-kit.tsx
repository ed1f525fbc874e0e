import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AdminEndpointPath, AdminErrorCode, OperatorRole, TOperator } from '@mayur/contracts/admin';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { storeSession } from '../api/session.ts';
import '../i18n/i18n.ts';

// What the console's component tests share (Vitest with happy-dom and Testing Library): a signed-in
// operator in this tab's session, a fake /admin-api that answers per endpoint and records every call,
// and a screen rendered with the providers the app gives it. Real components, real i18n, real
// contracts: only the network is replaced.

export type RecordedCall = { path: AdminEndpointPath; body: Record<string, unknown> };
/** An endpoint's answer: the `obj` of a success, a refusal, or a function of the request body. */
export type FakeAnswer = unknown | { refusal: AdminErrorCode } | ((body: Record<string, unknown>) => unknown);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  storeSession(null);
});

/** Signs `operator` in for this test (an owner with id 7 unless told otherwise). */
export function signInAs(operator: Partial<TOperator> & { role?: OperatorRole } = {}): TOperator {
  const signedIn: TOperator = {
    id: '7',
    name: 'Test Operator',
    login: 'test@mayur.test',
    role: 'owner',
    isDisabled: false,
    isTotpEnrolled: true,
    createTime: '2025-01-01T00:00:00.000Z',
    lastSignInTime: null,
    ...operator,
  };
  storeSession({ token: 'test-token', expiresAtMs: Date.now() + 3_600_000, operator: signedIn });
  return signedIn;
}

/** Replaces fetch with answers per endpoint; an endpoint without one fails the call loudly. */
export function fakeAdminApi(answers: Partial<Record<AdminEndpointPath, FakeAnswer>>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    const path = url.replace(/^\/admin-api/, '') as AdminEndpointPath;
    const body = JSON.parse(init.body) as Record<string, unknown>;
    calls.push({ path, body });
    if (!(path in answers)) throw new Error(`no fake answer for ${path}`);
    const answer = answers[path];
    const obj = typeof answer === 'function' ? (answer as (body: Record<string, unknown>) => unknown)(body) : answer;
    const envelope =
      obj !== null && typeof obj === 'object' && 'refusal' in obj
        ? { res: 0, code: (obj as { refusal: string }).refusal, resMsg: 'refused' }
        : { res: 1, resMsg: 'success', obj };
    return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** The calls made to one endpoint so far. */
export const callsTo = (calls: RecordedCall[], path: AdminEndpointPath) => calls.filter((call) => call.path === path);

/** Renders a screen as the app does (its own query cache, a router at `/admin`). */
export function renderScreen(screen: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{screen}</MemoryRouter>
    </QueryClientProvider>,
  );
}
