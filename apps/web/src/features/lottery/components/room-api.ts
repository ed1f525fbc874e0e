import type { ResponseOf, TPeriodState } from '@mayur/contracts';
import type { LotteryRoom, PkRoom } from '@mayur/rules/lottery-rooms';
import { api } from '../../../shared/api/api.ts';

export type GameLogPage = ResponseOf<'/wingo/findGameLogByPage'>;
export type UserLogPage = ResponseOf<'/wingo/findUserLogByPage'>;
export type FairGame = 'wingo' | 'bitgame';

/** What a round screen needs from one room, whichever endpoints serve it. */
export type LotteryRoomApi = {
  /** The socket room and the fairness room. */
  roomId: LotteryRoom;
  game: FairGame;
  getPeriod: (signal?: AbortSignal) => Promise<TPeriodState>;
  gameLog: (pageNum: number, pageSize: number, signal?: AbortSignal) => Promise<GameLogPage>;
  userLog: (pageNum: number, pageSize: number, signal?: AbortSignal) => Promise<UserLogPage>;
};

/** Log pages are read quietly: a failed page shows its own error state instead of a toast. */
const quiet = (signal?: AbortSignal) => ({ signal, isSilent: true });

export function wingoRoomApi(minutes: 60 | 180 | 300, roomId: LotteryRoom): LotteryRoomApi {
  return {
    roomId,
    game: 'wingo',
    getPeriod: (signal) => api('/wingo/getPeriod', { min: minutes }, quiet(signal)),
    gameLog: (pageNum, pageSize, signal) => api('/wingo/findGameLogByPage', { min: minutes, pageNum, pageSize }, quiet(signal)),
    userLog: (pageNum, pageSize, signal) => api('/wingo/findUserLogByPage', { min: minutes, pageNum, pageSize }, quiet(signal)),
  };
}

export function pkRoomApi(room: PkRoom): LotteryRoomApi {
  return {
    roomId: room,
    game: 'wingo',
    getPeriod: (signal) => api('/lottery/getPeriod', { room }, quiet(signal)),
    gameLog: (pageNum, pageSize, signal) => api('/lottery/findGameLogByPage', { room, pageNum, pageSize }, quiet(signal)),
    userLog: (pageNum, pageSize, signal) => api('/lottery/findUserLogByPage', { room, pageNum, pageSize }, quiet(signal)),
  };
}

export const bitgameRoomApi: LotteryRoomApi = {
  roomId: 'bitgame',
  game: 'bitgame',
  getPeriod: (signal) => api('/bitgame/getPeriod', { gameType: 121, gameId: 6, gameName: 'BTC' }, quiet(signal)),
  gameLog: (pageNum, pageSize, signal) => api('/bitgame/findGameLogByPage', { pageNum, pageSize }, quiet(signal)),
  userLog: (pageNum, pageSize, signal) => api('/bitgame/findUserLogByPage', { pageNum, pageSize }, quiet(signal)),
};

/** The Fairness screen's address for a room and, optionally, one of its periods. */
export function fairnessHref(game: FairGame, roomId: string, period?: string): string {
  const query = new URLSearchParams({ game, room: roomId });
  if (period) query.set('period', period);
  return `/fairness?${query.toString()}`;
}
