import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// The reality check's clock is the log-in's (decision 0022): reopening the app with the same session
// resumes it, however often and however short the reopenings; only a new log-in starts a new one.

const MINUTE_MS = 60_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.stop());

const at = (offsetMs: number, startMs: number) => new Date(startMs + offsetMs).toISOString();

describe('the play session of a log-in', () => {
  it('starts at the first game screen and survives every reopening of the app with the same session', async () => {
    const player = await server.registerMobile('9822200001', 'play-clock-pass-1');
    const startMs = server.clock.now().getTime();
    const first = await server.call('/protection/playSession', {}, { token: player.token });
    expect(first.body).toMatchObject({ res: 1, obj: { startedAt: at(0, startMs), lastCheckAt: at(0, startMs) } });

    // The app is closed and reopened every few minutes: each opening reads the same clock.
    for (const minutes of [4, 9, 14, 19]) {
      server.clock.advance(5 * MINUTE_MS);
      const reopened = await server.call('/protection/playSession', {}, { token: player.token });
      expect(reopened.body.obj, `after ${minutes + 1} minutes`).toEqual({
        startedAt: at(0, startMs),
        lastCheckAt: at(0, startMs),
        serverTime: at((minutes + 1) * MINUTE_MS, startMs),
      });
    }

    // "Continue" starts the next interval on the server, so a reopening after it does not ask again at once.
    const continued = await server.call('/protection/continuePlaying', {}, { token: player.token });
    expect(continued.body.obj).toMatchObject({ startedAt: at(0, startMs), lastCheckAt: at(20 * MINUTE_MS, startMs) });
    server.clock.advance(MINUTE_MS);
    expect((await server.call('/protection/playSession', {}, { token: player.token })).body.obj).toMatchObject({
      startedAt: at(0, startMs),
      lastCheckAt: at(20 * MINUTE_MS, startMs),
    });
    // The session's result is asked from the session's own start.
    const result = await server.call('/protection/sessionResult', { since: at(0, startMs) }, { token: player.token });
    expect(result.body.obj).toMatchObject({ since: at(0, startMs), bets: '0.00', netResult: '0.00' });

    // A new log-in is a new session with a clock of its own; the first one keeps its start.
    const login = await server.call('/user/login', { mobile: '9822200001', password: 'play-clock-pass-1' });
    const secondToken: string = login.body.obj.token;
    const loginMs = server.clock.now().getTime();
    expect((await server.call('/protection/playSession', {}, { token: secondToken })).body.obj).toMatchObject({
      startedAt: at(0, loginMs),
      lastCheckAt: at(0, loginMs),
    });
    expect((await server.call('/protection/playSession', {}, { token: player.token })).body.obj.startedAt).toBe(at(0, startMs));
  });

  it('never moves the last check back, and a continue before any game screen starts the clock', async () => {
    const player = await server.registerMobile('9822200002');
    const startMs = server.clock.now().getTime();
    expect((await server.call('/protection/continuePlaying', {}, { token: player.token })).body.obj).toMatchObject({
      startedAt: at(0, startMs),
      lastCheckAt: at(0, startMs),
    });
    server.clock.advance(30 * MINUTE_MS);
    await server.call('/protection/continuePlaying', {}, { token: player.token });
    server.clock.advance(-10 * MINUTE_MS);
    expect((await server.call('/protection/continuePlaying', {}, { token: player.token })).body.obj.lastCheckAt).toBe(
      at(30 * MINUTE_MS, startMs),
    );
    server.clock.advance(10 * MINUTE_MS);
  });

  it('answers only a signed-in player', async () => {
    for (const path of ['/protection/playSession', '/protection/continuePlaying']) {
      const reply = await server.call(path, {});
      expect([reply.status, reply.body.res], path).toEqual([401, 401]);
    }
  });
});
