import type { EndpointPath, ResponseOf } from '@mayur/contracts';
import { api } from './api.ts';
import { session } from './session.ts';

// A screen's first read, started together with the download of the screen's code instead of after the
// screen has rendered: its answer is then ready when the screen first paints (Lighthouse's LCP), not a
// round trip later. Only body-less reads of the signed-in player; each is handed out once, fresh.

type EarlyPath = Extract<EndpointPath, '/cash/findRechargeInfo'>;

/** How long an early read stays usable: a screen that renders later than this reads again. */
const FRESH_FOR_MS = 10_000;

const started = new Map<EarlyPath, { atMs: number; token: string; answer: Promise<ResponseOf<EarlyPath>> }>();

export function startEarlyRead(path: EarlyPath): void {
  const token = session.getToken();
  if (!token) return;
  const answer = api(path, {}, { isSilent: true });
  // A failure is the screen's to report when it reads: here it is only kept.
  answer.catch(() => undefined);
  started.set(path, { atMs: Date.now(), token, answer });
}

/** The early read of `path` for the current session, if one was started moments ago; handed out once. */
export function takeEarlyRead<P extends EarlyPath>(path: P): Promise<ResponseOf<P>> | null {
  const entry = started.get(path);
  started.delete(path);
  if (!entry || entry.token !== session.getToken() || Date.now() - entry.atMs > FRESH_FOR_MS) return null;
  return entry.answer as Promise<ResponseOf<P>>;
}
