import type { EndpointPath, RequestOf, ResponseOf } from '@mayur/contracts';
import type { ErrorCode } from '@mayur/rules/errors';
import { ApiError } from './api-error.ts';

export type ApiCallOptions = {
  /** Show the full-screen, non-dismissible spinner while the call runs. */
  showsLoading?: boolean;
  /** Do not toast a refusal; the caller reports it another way. */
  isSilent?: boolean;
  /** A 401 is an ordinary refusal here, not an expired session (e.g. the token handover exchange). */
  ignoresUnauthorized?: boolean;
  /** Cancels the call without any message (e.g. TanStack Query cancelling a stale request). */
  signal?: AbortSignal;
};

export type ApiClientDependencies = {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  getToken: () => string | null;
  /** Called on HTTP 401 or a body with res 401: the session is gone. */
  onUnauthorized: () => void;
  /** Shows an error to the player; `code` doubles as the toast id so repeats do not stack. */
  notifyError: (code: string, message: string) => void;
  /**
   * The translation of `errors.<code>`, or `fallback` when there is none; `details` (which limit, until
   * when) make it more precise where the server sends them.
   */
  translateError: (code: string, fallback: string, details?: unknown) => string;
  loading: { begin: () => void; end: () => void };
};

export type Api = <P extends EndpointPath>(path: P, body: RequestOf<P>, options?: ApiCallOptions) => Promise<ResponseOf<P>>;

type WireEnvelope = { res?: unknown; resMsg?: unknown; code?: unknown; obj?: unknown; field?: unknown; details?: unknown };

async function readEnvelope(response: Response): Promise<WireEnvelope | null> {
  const text = await response.text();
  if (text === '') return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as WireEnvelope) : null;
  } catch {
    return null;
  }
}

/**
 * The one way the web app talks to the server: POST JSON to `${baseUrl}${path}`, typed against the
 * contracts' endpoint map, with the envelope, timeout and session rules of DESIGN.md §3 and spec §8.
 */
export function createApiClient(deps: ApiClientDependencies): Api {
  function refuse(
    code: string,
    fallback: string,
    options: ApiCallOptions,
    details: { field?: string; status?: number; details?: unknown } = {},
  ): ApiError {
    const message = deps.translateError(code, fallback, details.details);
    if (!options.isSilent) deps.notifyError(code, message);
    return new ApiError(code, message, details);
  }

  // The client's own codes always have a translation (locales.test.ts checks every contract code), so
  // the contracts' English table stays out of the home route's bundle.
  function knownRefusal(code: ErrorCode, options: ApiCallOptions, status = 0): ApiError {
    return refuse(code, code, options, { status });
  }

  return async function api(path, body, options = {}) {
    const controller = new AbortController();
    let hasTimedOut = false;
    const timer = setTimeout(() => {
      hasTimedOut = true;
      controller.abort();
    }, deps.timeoutMs);
    const abortFromCaller = () => controller.abort();
    options.signal?.addEventListener('abort', abortFromCaller, { once: true });
    if (options.showsLoading) deps.loading.begin();

    try {
      const token = deps.getToken();
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
      if (token) headers.Authorization = token;

      let response: Response;
      let envelope: WireEnvelope | null;
      try {
        response = await deps.fetch(`${deps.baseUrl}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body ?? {}),
          credentials: 'include',
          signal: controller.signal,
        });
        envelope = await readEnvelope(response);
      } catch (cause) {
        if (hasTimedOut) throw knownRefusal('TIMEOUT', options);
        if (options.signal?.aborted) throw cause;
        throw knownRefusal('NETWORK', options);
      }

      if ((response.status === 401 || envelope?.res === 401) && !options.ignoresUnauthorized) {
        // Only a player who held a session needs to hear that it expired; a visitor is simply sent to log in.
        const message = deps.translateError(
          'UNAUTHORIZED',
          typeof envelope?.resMsg === 'string' ? envelope.resMsg : 'UNAUTHORIZED',
        );
        if (token && !options.isSilent) deps.notifyError('UNAUTHORIZED', message);
        deps.onUnauthorized();
        throw new ApiError('UNAUTHORIZED', message, { status: 401 });
      }
      if (envelope?.res === 1) return envelope.obj as never;
      if (envelope?.res === 0 || envelope?.res === 401) {
        const code = typeof envelope.code === 'string' && envelope.code !== '' ? envelope.code : 'INTERNAL';
        const fallback = typeof envelope.resMsg === 'string' && envelope.resMsg !== '' ? envelope.resMsg : code;
        const field = typeof envelope.field === 'string' ? envelope.field : undefined;
        throw refuse(code, fallback, options, { field, status: response.status, details: envelope.details });
      }
      throw knownRefusal('INTERNAL', options, response.status);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
      if (options.showsLoading) deps.loading.end();
    }
  } as Api;
}
