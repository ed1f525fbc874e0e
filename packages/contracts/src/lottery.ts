import { z } from 'zod';
import { zCheckbox, zList, zMoneyText, zPageField } from './fields.ts';
import { BITGAME_SELECTIONS, PK_ROOMS, WINGO_SELECTIONS } from '@mayur/rules/lottery-rooms';
import { isContractCount } from '@mayur/rules/lottery-rules';
import { zAmount, zRequestKey } from './wallet.ts';

const zMinutes = z
  .union([z.literal(60), z.literal(180), z.literal(300), z.enum(['60', '180', '300'])], { error: 'INVALID_FIELD' })
  .transform((value) => Number(value) as 60 | 180 | 300);
const zPkRoom = z.enum(PK_ROOMS, { error: 'INVALID_FIELD' });
const zPeriod = z
  .string({ error: 'PERIOD_UNKNOWN' })
  .trim()
  .regex(/^\d{14}$/, { error: 'PERIOD_UNKNOWN' });
const zContractCount = z.union([z.number(), z.string().max(8)], { error: 'INVALID_FIELD' }).transform((value, ctx) => {
  const count = typeof value === 'number' ? value : Number(value);
  if (!isContractCount(count)) {
    ctx.addIssue({ code: 'custom', message: 'INVALID_FIELD' });
    return z.NEVER;
  }
  return count;
});
/** "I agree" must be ticked: anything else is the spec's refusal. */
const zAgreed = zCheckbox.refine((value) => value, { error: 'PRESALE_RULE_REQUIRED' });

export const ZWingoPeriodRequest = z.object({ min: zMinutes });
export const ZPkPeriodRequest = z.object({ room: zPkRoom });
export const ZBitgamePeriodRequest = z.object({
  gameType: z.union([z.literal(121), z.literal('121')], { error: 'INVALID_FIELD' }).optional(),
  gameId: z.union([z.literal(6), z.literal('6')], { error: 'INVALID_FIELD' }).optional(),
  gameName: z.literal('BTC', { error: 'INVALID_FIELD' }).optional(),
});

export const ZLotteryResult = z.object({
  number: z.number().int().nullable(),
  colours: z.array(z.enum(['green', 'red', 'violet'])),
  digits: z.array(z.number().int()).nullable(),
  sum: z.number().int().nullable(),
  size: z.enum(['big', 'small']).nullable(),
});
export type TLotteryResult = z.infer<typeof ZLotteryResult>;

export const ZPeriodState = z.object({
  room: z.string(),
  period: z.string(),
  state: z.enum(['betting', 'closed']),
  startsAtMs: z.number(),
  bettingClosesAtMs: z.number(),
  endsAtMs: z.number(),
  serverTimeMs: z.number(),
  minBet: zMoneyText,
  maxBet: zMoneyText,
  previous: z.object({ period: z.string(), result: ZLotteryResult }).nullable(),
});
export type TPeriodState = z.infer<typeof ZPeriodState>;

const betFields = {
  period: zPeriod,
  contractMoney: zAmount('AMOUNT_INVALID'),
  contractCount: zContractCount,
  agree: zAgreed,
  requestKey: zRequestKey,
};
export const ZWingoPourRequest = z.object({
  min: zMinutes,
  select: z.enum(WINGO_SELECTIONS, { error: 'SELECTION_INVALID' }),
  ...betFields,
});
export const ZPkPourRequest = z.object({
  room: zPkRoom,
  select: z.enum(WINGO_SELECTIONS, { error: 'SELECTION_INVALID' }),
  ...betFields,
});
export const ZBitgamePourRequest = z.object({
  period: zPeriod,
  select: z.enum(BITGAME_SELECTIONS, { error: 'SELECTION_INVALID' }),
  amount: zAmount('AMOUNT_INVALID'),
  requestKey: zRequestKey,
});

export const ZLotteryBet = z.object({
  id: z.string(),
  room: z.string(),
  period: z.string(),
  select: z.string(),
  contractMoney: zMoneyText,
  contractCount: z.number().int(),
  amount: zMoneyText,
  fee: zMoneyText,
  delivery: zMoneyText,
  status: z.enum(['pending', 'won', 'lost']),
  winAmount: zMoneyText,
  result: ZLotteryResult.nullable(),
  createTime: z.string(),
});
export type TLotteryBet = z.infer<typeof ZLotteryBet>;
export const ZPourResponse = z.object({ bet: ZLotteryBet, balance: zMoneyText });

export const ZGameLogEntry = z.object({ period: z.string(), result: ZLotteryResult, openTime: z.string() });
export type TGameLogEntry = z.infer<typeof ZGameLogEntry>;

const paging = { pageNum: zPageField(1, 100_000), pageSize: zPageField(10, 100) };
export const ZWingoLogRequest = z.object({ min: zMinutes, ...paging });
export const ZPkLogRequest = z.object({ room: zPkRoom, ...paging });
export const ZBitgameLogRequest = z.object(paging);
export const ZGameLogResponse = zList(ZGameLogEntry);
export const ZUserLogResponse = zList(ZLotteryBet);

export const ZFairChainRequest = z.object({
  game: z.enum(['wingo', 'bitgame', 'crash'], { error: 'INVALID_FIELD' }),
  room: z.string({ error: 'INVALID_FIELD' }).trim().max(32, { error: 'INVALID_FIELD' }),
});
export const ZFairChainResponse = z.object({
  chainId: z.number().int(),
  commitment: z.string(),
  salt: z.string(),
  chainLength: z.number().int(),
  edge: z.number().int(),
});
export const ZFairRoundRequest = ZFairChainRequest.extend({ period: zPeriod.optional(), roundId: z.string().max(32).optional() });
export const ZFairRoundResponse = z.object({
  chainId: z.number().int(),
  chainIndex: z.number().int(),
  commitment: z.string(),
  salt: z.string(),
  seed: z.string().nullable(),
  /** Lottery rooms: the result once settled. */
  result: ZLotteryResult.nullable(),
  /** Crash rooms: the crash point once crashed. */
  crashPointX100: z.number().int().nullable(),
  /** The house edge in percent the chain was committed with (DESIGN.md §6): the crash point depends on it. */
  edge: z.number().int(),
});
