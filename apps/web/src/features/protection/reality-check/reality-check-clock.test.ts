import { describe, expect, it } from 'vitest';
import {
  acknowledgeCheck,
  isCheckDue,
  minutesPlayed,
  nextCheckAtMs,
  readPlaySession,
  sessionResultSince,
  type PlaySessionAnswer,
} from './reality-check-clock.ts';

const MINUTE_MS = 60_000;
const START_MS = Date.UTC(2026, 10, 24, 10, 0);
const iso = (ms: number) => new Date(ms).toISOString();

/** What the server answers at `serverMs` for a session that started at START_MS and was last continued at `lastCheckMs`. */
function answerAt(serverMs: number, lastCheckMs = START_MS): PlaySessionAnswer {
  return { startedAt: iso(START_MS), lastCheckAt: iso(lastCheckMs), serverTime: iso(serverMs) };
}

describe('the reality check clock', () => {
  it('comes due a full interval after the session’s first game screen', () => {
    const clock = readPlaySession(answerAt(START_MS), START_MS)!;
    expect(clock.state).toEqual({ startedAtMs: START_MS, lastCheckAtMs: START_MS });
    expect(nextCheckAtMs(clock.state, 15)).toBe(START_MS + 15 * MINUTE_MS);
    expect(isCheckDue(clock.state, 15, START_MS + 15 * MINUTE_MS - 1)).toBe(false);
    expect(isCheckDue(clock.state, 15, START_MS + 15 * MINUTE_MS)).toBe(true);
  });

  it('keeps counting across reopenings of the app: every opening reads the session’s start from the server', () => {
    // The app is closed and reopened every 5 minutes; each opening asks the server afresh.
    for (let minutes = 5; minutes <= 20; minutes += 5) {
      const reopenedAtMs = START_MS + minutes * MINUTE_MS;
      const clock = readPlaySession(answerAt(reopenedAtMs), reopenedAtMs)!;
      expect(clock.state.startedAtMs, `reopened after ${minutes} minutes`).toBe(START_MS);
      expect(minutesPlayed(clock.state, reopenedAtMs)).toBe(minutes);
      expect(isCheckDue(clock.state, 15, reopenedAtMs)).toBe(minutes >= 15);
    }
  });

  it('counts on the server’s clock whatever the device’s clock says', () => {
    // The phone's clock is an hour behind: the offset puts its time back on the server's.
    const deviceMs = START_MS + 20 * MINUTE_MS - 3_600_000;
    const clock = readPlaySession(answerAt(START_MS + 20 * MINUTE_MS), deviceMs)!;
    expect(clock.serverOffsetMs).toBe(3_600_000);
    expect(isCheckDue(clock.state, 15, deviceMs + clock.serverOffsetMs)).toBe(true);
  });

  it('never comes due when the player has switched it off', () => {
    const { state } = readPlaySession(answerAt(START_MS), START_MS)!;
    expect(nextCheckAtMs(state, null)).toBeNull();
    expect(isCheckDue(state, null, START_MS + 1000 * MINUTE_MS)).toBe(false);
  });

  it('counts the next interval from "Continue", kept by the server, while the time played counts from the start', () => {
    const continuedAtMs = START_MS + 32 * MINUTE_MS;
    const { state } = readPlaySession(answerAt(continuedAtMs + MINUTE_MS, continuedAtMs), continuedAtMs + MINUTE_MS)!;
    expect(isCheckDue(state, 30, continuedAtMs + 29 * MINUTE_MS)).toBe(false);
    expect(isCheckDue(state, 30, continuedAtMs + 30 * MINUTE_MS)).toBe(true);
    expect(minutesPlayed(state, continuedAtMs + 30 * MINUTE_MS)).toBe(62);
  });

  it('comes due at once when the player shortens the interval past the time already played', () => {
    const { state } = readPlaySession(answerAt(START_MS), START_MS)!;
    const nowMs = START_MS + 20 * MINUTE_MS;
    expect(isCheckDue(state, 60, nowMs)).toBe(false);
    expect(isCheckDue(state, 15, nowMs)).toBe(true);
  });

  it('refuses an answer that is not a clock the server keeps', () => {
    expect(readPlaySession({ startedAt: 'soon', lastCheckAt: iso(START_MS), serverTime: iso(START_MS) }, START_MS)).toBeNull();
    expect(readPlaySession(answerAt(START_MS, START_MS - 1), START_MS)).toBeNull();
    expect(readPlaySession(answerAt(START_MS - 1), START_MS)).toBeNull();
  });

  it('never moves the last check back and never reports negative play', () => {
    const state = { startedAtMs: START_MS, lastCheckAtMs: START_MS + 10 * MINUTE_MS };
    expect(acknowledgeCheck(state, START_MS).lastCheckAtMs).toBe(START_MS + 10 * MINUTE_MS);
    expect(minutesPlayed(state, START_MS - MINUTE_MS)).toBe(0);
    expect(minutesPlayed(state, START_MS + 59_999)).toBe(0);
    expect(minutesPlayed(state, START_MS + 60_000)).toBe(1);
  });

  it('asks for the session’s result from its start, or from 7 days back for a longer session', () => {
    const state = { startedAtMs: START_MS, lastCheckAtMs: START_MS };
    expect(sessionResultSince(state, START_MS + 16 * MINUTE_MS)).toBe(iso(START_MS));
    const weekLaterMs = START_MS + 8 * 24 * 3_600_000;
    expect(sessionResultSince(state, weekLaterMs)).toBe(iso(weekLaterMs - 7 * 24 * 3_600_000 + MINUTE_MS));
  });
});
