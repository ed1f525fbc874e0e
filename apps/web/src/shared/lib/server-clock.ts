import { createStore } from './external-store.ts';

// The server's clock as this page knows it: one offset (server time minus client time) for every game,
// measured over whichever game socket answers first. The client clock is only ever used for display;
// the server alone decides.

const offsetStore = createStore(0);
let hasRoundTripSample = false;

export const serverClock = {
  nowMs: (): number => Date.now() + offsetStore.get(),
  subscribe: offsetStore.subscribe,
  /** A coarse sample from an HTTP reply, used until a socket has measured a round trip. */
  sampleFromResponse(serverTimeMs: number): void {
    if (!hasRoundTripSample) offsetStore.set(serverTimeMs - Date.now());
  },
};

/** Measures the offset over a round trip (`askServerTime` is a socket's `time` ack); half the trip is latency. */
export async function syncServerClock(askServerTime: () => Promise<{ serverTimeMs?: unknown } | undefined>): Promise<void> {
  try {
    const sentAtMs = Date.now();
    const reply = await askServerTime();
    const receivedAtMs = Date.now();
    if (typeof reply?.serverTimeMs !== 'number') return;
    hasRoundTripSample = true;
    offsetStore.set(reply.serverTimeMs - (sentAtMs + receivedAtMs) / 2);
  } catch {
    // No answer in time: keep the previous offset; the next reconnect tries again.
  }
}
