import { CRASH_ROOM_IDS } from '@mayur/rules/crash-rooms';
import { LOTTERY_ROOMS, type LotteryRoom } from '@mayur/rules/lottery-rooms';
import { AppError } from '../../platform/http/app-error.ts';

/** The room a fairness request names, checked against its game (ROOM_UNKNOWN for a room of another game). */
export function gameRoom(game: string, room: string): string {
  if (game === 'crash') {
    if (!(CRASH_ROOM_IDS as string[]).includes(room))
      throw new AppError('ROOM_UNKNOWN', `no crash room ${room}`, { field: 'room' });
    return room;
  }
  return lotteryRoom(game, room);
}

export function lotteryRoom(game: string, room: string): LotteryRoom {
  const config = (LOTTERY_ROOMS as Record<string, { game: string } | undefined>)[room];
  if (!config || config.game !== game) throw new AppError('ROOM_UNKNOWN', `no ${game} room ${room}`, { field: 'room' });
  return room as LotteryRoom;
}
