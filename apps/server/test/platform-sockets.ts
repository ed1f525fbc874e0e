import { io, type Socket } from 'socket.io-client';

// A player's realtime connection as the app opens it: a websocket to one namespace of a listening node,
// subscribed to one room.

/**
 * Connects to `namespace` (`/crash`, `/lottery`) of the node listening on `port`, subscribes to `room`
 * and returns once the subscription was handled; the socket is added to `opened` first, for closing.
 */
export async function subscribedSocket(port: number, namespace: string, room: string, opened: Socket[] = []): Promise<Socket> {
  // Websocket only and no reconnection: a test sees a refused connection at once, as an error.
  const options = { path: '/socket.io', transports: ['websocket'], reconnection: false };
  const socket = io(`http://127.0.0.1:${port}${namespace}`, options);
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve()).once('connect_error', reject);
  });
  socket.emit('subscribe', room);
  // The time ack comes back after the subscription was handled: events are ordered per socket.
  await socket.timeout(5_000).emitWithAck('time');
  return socket;
}
