import { ROW_ID_PATTERN } from '@mayur/rules/field-rules';
import { z } from 'zod';
import { zList, zMoneyText, zPageField } from './fields.ts';
import { zAmount, zRequestKey } from './wallet.ts';
import { CRASH_ROOM_IDS, type CrashRoomId } from '@mayur/rules/crash-rooms';
import { isAutoCashoutX100 } from '@mayur/rules/crash-rules';

const zRoom = z.enum(CRASH_ROOM_IDS as [CrashRoomId, ...CrashRoomId[]], { error: 'ROOM_UNKNOWN' });
const zBetId = z
  .union([z.string().regex(ROW_ID_PATTERN), z.number().int().positive()], { error: 'BET_UNKNOWN' })
  .transform((value) => BigInt(value));
/** An automatic cash-out target in hundredths: 1.01× … 10 000×. */
const zTargetX100 = z
  .union([z.number(), z.string().max(10)], { error: 'CASHOUT_TARGET_INVALID' })
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '' || value === 0 || value === '0') return null;
    const target = Number(value);
    if (!isAutoCashoutX100(target)) {
      ctx.addIssue({ code: 'custom', message: 'CASHOUT_TARGET_INVALID' });
      return z.NEVER;
    }
    return target;
  });

export const ZCrashPourRequest = z.object({
  room: zRoom,
  amount: zAmount('AMOUNT_INVALID'),
  autoCashoutX100: zTargetX100,
  slot: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: 'INVALID_FIELD' })
    .optional()
    .transform((value) => Number(value ?? 1) as 1 | 2),
  requestKey: zRequestKey,
});
export const ZCrashBetIdRequest = z.object({ betId: zBetId });
export const ZCrashRoomRequest = z.object({ room: zRoom });

export const ZCrashBet = z.object({
  id: z.string(),
  room: z.string(),
  roundId: z.string().nullable(),
  slot: z.number().int(),
  amount: zMoneyText,
  autoCashoutX100: z.number().int().nullable(),
  status: z.enum(['queued', 'open', 'cashed_out', 'lost', 'refunded', 'cancelled']),
  cashoutX100: z.number().int().nullable(),
  winAmount: zMoneyText,
  crashPointX100: z.number().int().nullable(),
  createTime: z.string(),
});
export type TCrashBet = z.infer<typeof ZCrashBet>;
export const ZCrashPourResponse = z.object({ bet: ZCrashBet, balance: zMoneyText });
export const ZCashoutResponse = z.object({
  bet: ZCrashBet,
  multiplierX100: z.number().int(),
  winAmount: zMoneyText,
  balance: zMoneyText,
});

export const ZCrashRoundState = z.object({
  room: z.string(),
  roundId: z.string(),
  phase: z.enum(['betting', 'flying', 'crashed']),
  bettingStartsAtMs: z.number(),
  flyingAtMs: z.number(),
  /** Known only once crashed; the crash point is secret until then. */
  crashAtMs: z.number().nullable(),
  crashPointX100: z.number().int().nullable(),
  serverTimeMs: z.number(),
  minBet: zMoneyText,
  maxBet: zMoneyText,
  maxWin: zMoneyText,
  recent: z.array(z.number().int()),
});
export type TCrashRoundState = z.infer<typeof ZCrashRoundState>;

export const ZCrashHistoryRequest = z.object({ room: zRoom, pageNum: zPageField(1, 100_000), pageSize: zPageField(20, 100) });
export const ZCrashRoundEntry = z.object({
  roundId: z.string(),
  crashPointX100: z.number().int(),
  crashTime: z.string(),
  seed: z.string(),
  chainIndex: z.number().int(),
  wasInterrupted: z.boolean(),
});
export const ZCrashHistoryResponse = zList(ZCrashRoundEntry);
export const ZCrashUserHistoryResponse = zList(ZCrashBet);
