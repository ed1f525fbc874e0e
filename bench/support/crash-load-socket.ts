// A minimal realtime client for the load benchmarks: one WebSocket (the `ws` package) speaking just
// enough Engine.IO v4 / Socket.IO v5 to join one namespace, answer pings, emit events and hear pushes.
// socket.io-client costs several times the memory and CPU per connection (reconnection, buffering,
// transports, an emitter per socket), which on a shared 2-core machine is taken from the server.
// Pushes are handed over as the event name and the raw packet text: a caller parses only the events
// it needs, never the frequent `activity` lists.
import WebSocket from 'ws';

export type PushHandler = (event: string, packet: string) => void;

export type LoadSocket = {
  emit(event: string, ...args: unknown[]): void;
  /** Replaces what is done with each push (event name, then the whole packet's text). */
  onPush(handler: PushHandler): void;
  close(): void;
};

const CONNECT_TIMEOUT_MS = 30_000;
// Engine.IO packet types (first character of each frame).
const ENGINE_OPEN = '0';
const ENGINE_PING = '2';
const ENGINE_PONG = '3';
const ENGINE_MESSAGE = '4';
// Socket.IO packet types (first character after the Engine.IO message type).
const SOCKET_CONNECT = '0';
const SOCKET_EVENT = '2';
const SOCKET_CONNECT_ERROR = '4';

/** The event name of a Socket.IO EVENT packet's text `2/ns,[ackId]["name",…]`, read without parsing the payload. */
function eventName(packet: string): string | null {
  const start = packet.indexOf('["');
  if (start < 0) return null;
  const end = packet.indexOf('"', start + 2);
  return end < 0 ? null : packet.slice(start + 2, end);
}

/** Opens a socket on `namespace` (e.g. '/crash') of the server at 127.0.0.1:`port`. */
export function connectLoadSocket(port: number, namespace: string): Promise<LoadSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  const prefix = `${namespace},`;
  let handler: PushHandler = () => {};
  const loadSocket: LoadSocket = {
    emit: (event, ...args) => socket.send(`${ENGINE_MESSAGE}${SOCKET_EVENT}${prefix}${JSON.stringify([event, ...args])}`),
    onPush: (next) => (handler = next),
    close: () => socket.terminate(),
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no Socket.IO connect on ${namespace} within ${CONNECT_TIMEOUT_MS} ms`));
    }, CONNECT_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    socket.once('error', fail);
    socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const frame = data.toString();
      const engineType = frame[0];
      if (engineType === ENGINE_PING) return socket.send(ENGINE_PONG);
      if (engineType === ENGINE_OPEN) return socket.send(`${ENGINE_MESSAGE}${SOCKET_CONNECT}${prefix}`);
      if (engineType !== ENGINE_MESSAGE) return;
      const socketType = frame[1];
      if (socketType === SOCKET_EVENT) {
        const name = eventName(frame);
        if (name) handler(name, frame);
      } else if (socketType === SOCKET_CONNECT && frame.startsWith(prefix, 2)) {
        clearTimeout(timer);
        socket.off('error', fail);
        socket.on('error', () => {});
        resolve(loadSocket);
      } else if (socketType === SOCKET_CONNECT_ERROR) {
        fail(new Error(`Socket.IO refused ${namespace}: ${frame.slice(2)}`));
      }
    });
    socket.once('close', () => fail(new Error(`socket closed before joining ${namespace}`)));
  });
}

/** The payload (second element) of an EVENT packet's text, parsed. */
export function eventPayload<T>(packet: string): T {
  return (JSON.parse(packet.slice(packet.indexOf('['))) as [string, T])[1];
}
