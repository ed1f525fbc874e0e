import { ROW_ID_PATTERN } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { CRASH_ROOM_IDS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { ZLotteryResult } from './lottery.ts';
import { LOTTERY_ROOM_IDS, type LotteryRoom } from '@mayur/rules/lottery-rooms';

// Every Socket.IO event (DESIGN.md §1, §7): what the server pushes in the '/lottery' and '/crash'
// namespaces, what clients send, and the `time` ack. The server parses each payload with these schemas
// before pushing it (realtime.ts), so nothing it sends can drift from what the web app is typed against
// (the web imports the types only: zod stays out of its bundle).

const zLotteryRoom = z.enum(LOTTERY_ROOM_IDS as [LotteryRoom, ...LotteryRoom[]]);
const zCrashRoom = z.enum(CRASH_ROOM_IDS as [CrashRoomId, ...CrashRoomId[]]);
const zEpochMs = z.number().int().nonnegative();
const zPeriod = z.string().regex(/^\d{14}$/);
/** Round ids are bigint in the database and decimal strings on the wire. */
const zRoundId = z.string().regex(ROW_ID_PATTERN);
const zBetId = z.string().regex(ROW_ID_PATTERN);
const zMoney = z.string().regex(/^\d+\.\d{2}$/);

// ---- '/lottery' ----

/** `period`: a room's new period opened for betting. */
export const ZLotteryPeriodEvent = z.object({
  room: zLotteryRoom,
  period: zPeriod,
  index: z.number().int().positive(),
  startsAtMs: zEpochMs,
  bettingClosesAtMs: zEpochMs,
  endsAtMs: zEpochMs,
});
/** `closed`: betting on the period ended; the result follows when the period ends. */
export const ZLotteryClosedEvent = z.object({ room: zLotteryRoom, period: zPeriod });
/** `result`: the period's result, from its revealed seed. */
export const ZLotteryResultEvent = z.object({ room: zLotteryRoom, period: zPeriod, result: ZLotteryResult });

export type LotteryPeriodEvent = z.infer<typeof ZLotteryPeriodEvent>;
export type LotteryClosedEvent = z.infer<typeof ZLotteryClosedEvent>;
export type LotteryResultEvent = z.infer<typeof ZLotteryResultEvent>;

// ---- '/crash' ----

/** `round`: a round opened for bets; it flies at `flyingAtMs`. */
export const ZCrashRoundEvent = z.object({
  room: zCrashRoom,
  roundId: zRoundId,
  bettingStartsAtMs: zEpochMs,
  flyingAtMs: zEpochMs,
});
/** `flying`: the round took off at `flyingAtMs` (server time); clients draw m(t) from it. */
export const ZCrashFlyingEvent = z.object({ room: zCrashRoom, roundId: zRoundId, flyingAtMs: zEpochMs });
/** `crashed`: the crash point and the revealed seed that proves it. */
export const ZCrashCrashedEvent = z.object({
  room: zCrashRoom,
  roundId: zRoundId,
  crashPointX100: z.number().int().min(100),
  seed: z.string().regex(/^[0-9a-f]{64}$/),
  wasInterrupted: z.boolean(),
});
/**
 * One item of `activity`: a real player's bet or cash-out (masked name). A bet placed while the round
 * flies waits for the next round and has no round yet (`roundId: null`).
 */
export const ZCrashActivityItem = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bet'),
    room: zCrashRoom,
    betId: zBetId,
    player: z.string(),
    amount: zMoney,
    slot: z.number().int().min(1).max(2),
    roundId: zRoundId.nullable(),
  }),
  z.object({
    kind: z.literal('cashout'),
    room: zCrashRoom,
    betId: zBetId,
    player: z.string(),
    multiplierX100: z.number().int().min(100),
    winAmount: zMoney,
  }),
]);
/**
 * `activity`: a room's items since the last push (at most ten pushes a second; a room with many
 * watchers is pushed less often and a push carries at most its newest items: see the server's
 * `activity-fan-out.ts`).
 */
export const ZCrashActivityEvent = z.array(ZCrashActivityItem);

export type CrashRoundEvent = z.infer<typeof ZCrashRoundEvent>;
export type CrashFlyingEvent = z.infer<typeof ZCrashFlyingEvent>;
export type CrashCrashedEvent = z.infer<typeof ZCrashCrashedEvent>;
export type CrashActivityItem = z.infer<typeof ZCrashActivityItem>;

// ---- both namespaces ----

/** The reply to `time`: the server's clock, for the client's round-trip clock sync. */
export const ZTimeAck = z.object({ serverTimeMs: zEpochMs });
export type TimeAck = z.infer<typeof ZTimeAck>;

/** Each pushed event's schema, by namespace and event name. */
export const SOCKET_SERVER_EVENTS = {
  '/lottery': { period: ZLotteryPeriodEvent, closed: ZLotteryClosedEvent, result: ZLotteryResultEvent },
  '/crash': { round: ZCrashRoundEvent, flying: ZCrashFlyingEvent, crashed: ZCrashCrashedEvent, activity: ZCrashActivityEvent },
} as const;

/** Socket.IO's typing of what the server pushes (`Socket<LotteryServerEvents, ClientEvents>`). */
export type LotteryServerEvents = {
  period: (event: LotteryPeriodEvent) => void;
  closed: (event: LotteryClosedEvent) => void;
  result: (event: LotteryResultEvent) => void;
};
export type CrashServerEvents = {
  round: (event: CrashRoundEvent) => void;
  flying: (event: CrashFlyingEvent) => void;
  crashed: (event: CrashCrashedEvent) => void;
  activity: (items: CrashActivityItem[]) => void;
};
/** What clients send in either namespace: join or leave a room's pushes, and ask the server's time. */
export type SocketClientEvents = {
  subscribe: (room: string) => void;
  unsubscribe: (room: string) => void;
  time: (ack: (reply: TimeAck) => void) => void;
};
