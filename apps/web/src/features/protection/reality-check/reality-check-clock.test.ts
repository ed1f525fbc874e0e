import { describe, expect, it } from 'vitest';
import {
  acknowledgeCheck,
  isCheckDue,
  minutesPlayed,
  nextCheckAtMs,
  parseRealityCheckState,
  startOrResume,
} from './reality-check-clock.ts';

const MINUTE_MS = 60_000;
const START_MS = Date.UTC(2026, 10, 24, 10, 0);

describe('the reality check clock', () => {
  it('starts counting at the first game screen and comes due a full interval later', () => {
    const state = startOrResume(null, START_MS);
    expect(state).toEqual({ startedAtMs: START_MS, lastCheckAtMs: START_MS });
    expect(nextCheckAtMs(state, 15)).toBe(START_MS + 15 * MINUTE_MS);
    expect(isCheckDue(state, 15, START_MS + 15 * MINUTE_MS - 1)).toBe(false);
    expect(isCheckDue(state, 15, START_MS + 15 * MINUTE_MS)).toBe(true);
  });

  it('never comes due when the player has switched it off', () => {
    const state = startOrResume(null, START_MS);
    expect(nextCheckAtMs(state, null)).toBeNull();
    expect(isCheckDue(state, null, START_MS + 1000 * MINUTE_MS)).toBe(false);
  });

  it('counts the next interval from "Continue", while the time played still counts from the start', () => {
    const first = startOrResume(null, START_MS);
    const continuedAtMs = START_MS + 32 * MINUTE_MS;
    const continued = acknowledgeCheck(first, continuedAtMs);
    expect(isCheckDue(continued, 30, continuedAtMs + 29 * MINUTE_MS)).toBe(false);
    expect(isCheckDue(continued, 30, continuedAtMs + 30 * MINUTE_MS)).toBe(true);
    expect(minutesPlayed(continued, continuedAtMs + 30 * MINUTE_MS)).toBe(62);
  });

  it('resumes a stored session, so reloading or changing game keeps counting', () => {
    const stored = { startedAtMs: START_MS, lastCheckAtMs: START_MS + 15 * MINUTE_MS };
    const text = JSON.stringify(stored);
    expect(startOrResume(parseRealityCheckState(text), START_MS + 20 * MINUTE_MS)).toEqual(stored);
  });

  it('comes due at once when the player shortens the interval past the time already played', () => {
    const state = startOrResume(null, START_MS);
    const nowMs = START_MS + 20 * MINUTE_MS;
    expect(isCheckDue(state, 60, nowMs)).toBe(false);
    expect(isCheckDue(state, 15, nowMs)).toBe(true);
  });

  it('starts afresh when the stored state is missing, malformed or in the future', () => {
    expect(parseRealityCheckState(null)).toBeNull();
    expect(parseRealityCheckState('not json')).toBeNull();
    expect(parseRealityCheckState('{"startedAtMs":"1","lastCheckAtMs":2}')).toBeNull();
    expect(parseRealityCheckState(JSON.stringify({ startedAtMs: START_MS, lastCheckAtMs: START_MS - 1 }))).toBeNull();
    const future = { startedAtMs: START_MS + 60 * MINUTE_MS, lastCheckAtMs: START_MS + 60 * MINUTE_MS };
    expect(startOrResume(future, START_MS)).toEqual({ startedAtMs: START_MS, lastCheckAtMs: START_MS });
  });

  it('never moves the last check back and never reports negative play', () => {
    const state = { startedAtMs: START_MS, lastCheckAtMs: START_MS + 10 * MINUTE_MS };
    expect(acknowledgeCheck(state, START_MS).lastCheckAtMs).toBe(START_MS + 10 * MINUTE_MS);
    expect(minutesPlayed(state, START_MS - MINUTE_MS)).toBe(0);
    expect(minutesPlayed(state, START_MS + 59_999)).toBe(0);
    expect(minutesPlayed(state, START_MS + 60_000)).toBe(1);
  });
});
