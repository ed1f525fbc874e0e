import {
  ADMIN_API_PREFIX,
  adminErrorMessage,
  isAdminErrorCode,
  type AdminEndpointPath,
  type AdminErrorCode,
  type AdminRequestOf,
  type AdminResponseOf,
} from '@mayur/contracts/admin';
import { endSession, readSession } from './session.ts';

// The console's only way to the server: typed by the contracts' admin endpoint map, so a call and its
// answer cannot drift from what the server registers. A refusal becomes an AdminApiError with the code.

export class AdminApiError extends Error {
  constructor(
    readonly code: AdminErrorCode,
    readonly field?: string,
  ) {
    super(adminErrorMessage(code));
  }
}

export async function adminApi<P extends AdminEndpointPath>(path: P, body: AdminRequestOf<P>): Promise<AdminResponseOf<P>> {
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(ADMIN_API_PREFIX + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AdminApiError('NETWORK');
  }
  const envelope = (await response.json().catch(() => null)) as {
    res: number;
    obj?: unknown;
    code?: string;
    field?: string;
  } | null;
  if (!envelope) throw new AdminApiError(response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
  if (envelope.res === 401) {
    // The server ended the session (sign-out elsewhere, expiry, a reset, disabling): every tab signs out.
    endSession(token);
    throw new AdminApiError('UNAUTHORIZED');
  }
  if (envelope.res !== 1) throw new AdminApiError(isAdminErrorCode(envelope.code) ? envelope.code : 'INTERNAL', envelope.field);
  return envelope.obj as AdminResponseOf<P>;
}
