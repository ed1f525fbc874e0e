import type {
  LotteryClosedEvent,
  LotteryPeriodEvent,
  LotteryResultEvent,
  LotteryServerEvents,
  SocketClientEvents,
} from '@mayur/contracts';
import { io, type Socket } from 'socket.io-client';
import { syncServerClock } from '../../../shared/lib/server-clock.ts';

// One Socket.IO connection to the '/lottery' namespace (DESIGN.md §7), shared by every game screen and
// opened only when a game screen mounts. The server pushes; bets go over HTTP. The events are typed by
// the contracts the server parses every push with (packages/contracts/src/socket-events.ts).

export type PeriodOpenedEvent = LotteryPeriodEvent;
export type PeriodClosedEvent = LotteryClosedEvent;
export type PeriodResultEvent = LotteryResultEvent;

type ServerEvents = LotteryServerEvents;
type ClientEvents = SocketClientEvents;

let socket: Socket<ServerEvents, ClientEvents> | null = null;
const subscriptions = new Map<string, number>();

function connect(): Socket<ServerEvents, ClientEvents> {
  if (socket) return socket;
  const created: Socket<ServerEvents, ClientEvents> = io('/lottery', {
    path: '/socket.io',
    transports: ['websocket', 'polling'],
  });
  created.on('connect', () => {
    // Rooms are forgotten by the server when the connection drops, so every (re)connect joins them again.
    for (const room of subscriptions.keys()) created.emit('subscribe', room);
    void syncServerClock(() => created.timeout(5000).emitWithAck('time'));
  });
  socket = created;
  return created;
}

export type RoomListeners = {
  onPeriod: (event: PeriodOpenedEvent) => void;
  onClosed: (event: PeriodClosedEvent) => void;
  onResult: (event: PeriodResultEvent) => void;
  /** After a reconnect: pushes may have been missed, so the screen refetches what it shows. */
  onReconnect: () => void;
};

/** Joins a room's pushes; returns the function that leaves it. */
export function subscribeRoom(room: string, listeners: RoomListeners): () => void {
  const target = connect();
  const count = subscriptions.get(room) ?? 0;
  subscriptions.set(room, count + 1);
  if (count === 0 && target.connected) target.emit('subscribe', room);

  const onPeriod = (event: PeriodOpenedEvent) => event.room === room && listeners.onPeriod(event);
  const onClosed = (event: PeriodClosedEvent) => event.room === room && listeners.onClosed(event);
  const onResult = (event: PeriodResultEvent) => event.room === room && listeners.onResult(event);
  let hasConnectedBefore = target.connected;
  const onConnect = () => {
    if (hasConnectedBefore) listeners.onReconnect();
    hasConnectedBefore = true;
  };
  target.on('period', onPeriod);
  target.on('closed', onClosed);
  target.on('result', onResult);
  target.on('connect', onConnect);

  return () => {
    target.off('period', onPeriod);
    target.off('closed', onClosed);
    target.off('result', onResult);
    target.off('connect', onConnect);
    const left = (subscriptions.get(room) ?? 1) - 1;
    if (left > 0) {
      subscriptions.set(room, left);
      return;
    }
    subscriptions.delete(room);
    if (target.connected) target.emit('unsubscribe', room);
  };
}
