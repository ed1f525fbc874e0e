// A minimal realtime client for the load benchmarks: one WebSocket (the `ws` package) speaking just
// enough Engine.IO v4 / Socket.IO v5 to join one namespace, answer pings, emit events and hear pushes.
// socket.io-client costs several times the memory and CPU per connection (reconnection, buffering,
// transports, an emitter per socket), which on a shared 2-core machine is taken from the server.
// Pushes are handed over as the event name and the raw packet text: a caller parses only the events
// it needs, never the frequent `activity` lists.
import WebSocket from 'ws';

/** Called with each push's event name and a reader of the whole frame's text (decoded only if asked). */
export type PushHandler = (event: string, packet: () => string) => void;

export type LoadSocket = {
  emit(event: string, ...args: unknown[]): void;
  /** Replaces what is done with each push. */
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

/** The longest event name read from a frame's head (Socket.IO event names here are short). */
const HEAD_BYTES = 64;

/**
 * The event name of a Socket.IO EVENT frame `42/ns,[ackId]["name",…]`, read from the frame's first
 * bytes only: the frequent, long `activity` frames are never decoded as a whole.
 */
function eventName(head: string): string | null {
  const start = head.indexOf('["');
  if (start < 0) return null;
  const end = head.indexOf('"', start + 2);
  return end < 0 ? null : head.slice(start + 2, end);
}

/** Opens a socket on `namespace` (e.g. '/crash') of the server at 127.0.0.1:`port`. */
export function connectLoadSocket(port: number, namespace: string): Promise<LoadSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
    // The frames come from our own server on 127.0.0.1; checking their UTF-8 would only spend the generator's CPU.
    skipUTF8Validation: true,
  });
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
      if (isBinary || !Buffer.isBuffer(data)) return;
      const head = data.toString('latin1', 0, HEAD_BYTES);
      const engineType = head[0];
      if (engineType === ENGINE_PING) return socket.send(ENGINE_PONG);
      if (engineType === ENGINE_OPEN) return socket.send(`${ENGINE_MESSAGE}${SOCKET_CONNECT}${prefix}`);
      if (engineType !== ENGINE_MESSAGE) return;
      const socketType = head[1];
      if (socketType === SOCKET_EVENT) {
        const name = eventName(head);
        if (name) handler(name, () => data.toString('utf8'));
      } else if (socketType === SOCKET_CONNECT && head.startsWith(prefix, 2)) {
        clearTimeout(timer);
        socket.off('error', fail);
        socket.on('error', () => {});
        resolve(loadSocket);
      } else if (socketType === SOCKET_CONNECT_ERROR) {
        fail(new Error(`Socket.IO refused ${namespace}: ${data.toString('utf8', 2)}`));
      }
    });
    socket.once('close', () => fail(new Error(`socket closed before joining ${namespace}`)));
  });
}

/** The payload (second element) of an EVENT frame, parsed. */
export function eventPayload<T>(packet: () => string): T {
  const text = packet();
  return (JSON.parse(text.slice(text.indexOf('['))) as [string, T])[1];
}
