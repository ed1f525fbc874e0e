import { startHeartbeat, type Heartbeat } from '../src/platform/heartbeat.ts';
import type { TestServer } from './test-server.ts';

// The game clock driven by hand in tests: the server's manual clock is moved, and the clock steps are
// run when the test says so.

/** Sets the server's clock to `ms`. */
export function setClock(server: TestServer, ms: number): void {
  server.clock.advance(ms - server.clock.now().getTime());
}

/** The serving node's heartbeat, beaten by hand on the test's clock: its own hourly timer never fires here. */
export function beatenByHand(server: TestServer): Heartbeat {
  const { db, log } = server.ctx;
  return startHeartbeat({ db, databaseUrl: undefined, clock: server.clock, log, intervalMs: 60 * 60_000 });
}
