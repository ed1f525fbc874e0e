import { describe, expect, it } from 'vitest';
import {
  SOCKET_SERVER_EVENTS,
  ZCrashActivityEvent,
  ZCrashCrashedEvent,
  ZCrashFlyingEvent,
  ZLotteryResultEvent,
  ZTimeAck,
  type CrashActivityItem,
  type CrashFlyingEvent,
} from './socket-events.ts';

const seed = 'a'.repeat(64);

describe('socket event contracts', () => {
  it('accepts what the server pushes and drops fields that are not part of the event', () => {
    const pushed = {
      room: 'wingo-1',
      period: '20261124010001',
      result: { number: 7, colours: ['green'], digits: null, sum: null, size: null },
      winners: 12,
    };
    expect(ZLotteryResultEvent.parse(pushed)).toEqual({
      room: 'wingo-1',
      period: '20261124010001',
      result: pushed.result,
    });
    expect(
      ZCrashCrashedEvent.parse({ room: 'crash', roundId: '41', crashPointX100: 100, seed, wasInterrupted: false }).roundId,
    ).toBe('41');
    expect(ZTimeAck.parse({ serverTimeMs: 1_795_000_000_000 })).toEqual({ serverTimeMs: 1_795_000_000_000 });
  });

  it('carries the room in every activity item, and a queued bet without a round', () => {
    const items: CrashActivityItem[] = [
      { kind: 'bet', room: 'limbo', betId: '7', player: 'Mem***01', amount: '10.00', slot: 2, roundId: null },
      { kind: 'cashout', room: 'limbo', betId: '7', player: 'Mem***01', multiplierX100: 153, winAmount: '15.30' },
    ];
    expect(ZCrashActivityEvent.parse(items)).toEqual(items);
    expect(ZCrashActivityEvent.safeParse([{ ...items[1], room: undefined }]).success).toBe(false);
  });

  it('refuses drifted payloads', () => {
    expect(ZCrashFlyingEvent.safeParse({ room: 'crash', roundId: null, flyingAtMs: 1 }).success).toBe(false);
    expect(ZCrashFlyingEvent.safeParse({ room: 'crash', roundId: 41, flyingAtMs: 1 }).success).toBe(false);
    expect(ZCrashFlyingEvent.safeParse({ room: 'wingo-1', roundId: '41', flyingAtMs: 1 }).success).toBe(false);
    expect(ZCrashCrashedEvent.safeParse({ room: 'crash', roundId: '41', crashPointX100: 250, seed }).success).toBe(false);
    expect(ZLotteryResultEvent.safeParse({ room: 'wingo-1', period: '1', result: {} }).success).toBe(false);
    expect(ZTimeAck.safeParse({ serverTimeMs: '1795000000000' }).success).toBe(false);
  });

  it('types the same shapes the schemas accept', () => {
    // @ts-expect-error a flying round always has an id
    const drifted: CrashFlyingEvent = { room: 'crash', roundId: null, flyingAtMs: 1 };
    expect(ZCrashFlyingEvent.safeParse(drifted).success).toBe(false);
    expect(Object.keys(SOCKET_SERVER_EVENTS['/lottery'])).toEqual(['period', 'closed', 'result']);
    expect(Object.keys(SOCKET_SERVER_EVENTS['/crash'])).toEqual(['round', 'flying', 'crashed', 'activity']);
  });
});
