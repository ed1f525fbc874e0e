import type { ResponseOf } from '@mayur/contracts';
import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import { api } from '../../../shared/api/api.ts';
import { ACCOUNT_QUERY_ROOT } from '../../../shared/api/queries.ts';

export type CrashRound = ResponseOf<'/gameroket/getCurrent'>;
export type CrashBet = ResponseOf<'/gameroket/pour'>['bet'];
export type CrashRoundEntry = ResponseOf<'/gameroket/getHistoryByPage'>['list'][number];
export type CrashTopWin = ResponseOf<'/gameroket/getTopWins'>['list'][number];

export const crashKeys = {
  round: (room: CrashRoomId) => ['crash', room, 'round'] as const,
  history: (room: CrashRoomId) => ['crash', room, 'history'] as const,
  roundBets: (room: CrashRoomId) => ['crash', room, 'roundBets'] as const,
  topWins: (room: CrashRoomId) => ['crash', room, 'topWins'] as const,
  /** The player's own bets belong to the session and go with it. */
  myBets: (token: string | null, room: CrashRoomId) => [ACCOUNT_QUERY_ROOT, 'crash', token, room] as const,
};

/** Reads are quiet: a failed list shows its own error state instead of a toast. */
const quiet = (signal?: AbortSignal) => ({ signal, isSilent: true });

export const crashApi = {
  getCurrent: (room: CrashRoomId, signal?: AbortSignal) => api('/gameroket/getCurrent', { room }, quiet(signal)),
  pour: (request: { room: CrashRoomId; amount: string; slot: 1 | 2; autoCashoutX100?: number; requestKey: string }) =>
    api('/gameroket/pour', request, { isSilent: true }),
  cancel: (betId: string) => api('/gameroket/cancel', { betId }, { isSilent: true }),
  cashOut: (betId: string) => api('/gameroket/doSettle', { betId }, { isSilent: true }),
  history: (room: CrashRoomId, pageNum: number, pageSize: number, signal?: AbortSignal) =>
    api('/gameroket/getHistoryByPage', { room, pageNum, pageSize }, quiet(signal)),
  roundBets: (room: CrashRoomId, signal?: AbortSignal) => api('/gameroket/getRoundBets', { room }, quiet(signal)),
  topWins: (room: CrashRoomId, signal?: AbortSignal) => api('/gameroket/getTopWins', { room }, quiet(signal)),
  myBets: (room: CrashRoomId, pageNum: number, pageSize: number, signal?: AbortSignal) =>
    api('/gameroket/getUserHistoryByPage', { room, pageNum, pageSize }, quiet(signal)),
};

/** "2.37×" from hundredths, in integers only. */
export function formatMultiplier(x100: number): string {
  const whole = Math.floor(x100 / 100);
  const hundredths = String(x100 % 100).padStart(2, '0');
  return `${whole}.${hundredths}×`;
}

/**
 * The win of a stake at a multiplier, in paise: the contracts' rule the server pays with,
 * floor(stake × m) capped at the room's maximum win, so the live win never shows more than is paid.
 */
export { crashWinPaise as winPaise } from '@mayur/rules/crash-rules';

/** A multiplier for interpolation into a sentence, isolated left-to-right so Arabic text keeps "2.37×" whole. */
export function isolatedMultiplier(x100: number): string {
  return `\u2066${formatMultiplier(x100)}\u2069`;
}
