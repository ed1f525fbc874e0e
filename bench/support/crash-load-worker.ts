// One load-generator process of the crash benchmark (bench/crash.bench.ts forks several): it holds a
// share of the players' realtime connections and their keep-alive HTTP pool, places their bets when
// told which round to play, cashes each out at its own moment of the flight, and reports every latency
// with its own CPU use. It stops when told to, and by itself when its parent goes away.
import { keepAliveJsonClient, type ApiReply, type JsonClient } from './load-http.ts';
import { connectLoadSocket, eventPayload, type LoadSocket } from './crash-load-socket.ts';

export type WorkerStart = {
  kind: 'start';
  port: number;
  room: string;
  tokens: string[];
  httpConnections: number;
  workerIndex: number;
};
export type WorkerGo = { kind: 'go'; roundId: string; flyingAtMs: number; betSpreadMs: number; cashoutWindowMs: number };
/** Asks for the figures so far (the coordinator's time limit is up). */
export type WorkerSnapshotRequest = { kind: 'snapshot' };
export type WorkerStop = { kind: 'stop' };
export type WorkerCommand = WorkerStart | WorkerGo | WorkerSnapshotRequest | WorkerStop;

export type WorkerConnected = { kind: 'connected'; connectMs: number; cpuSeconds: number };
export type WorkerResult = {
  /** 'snapshot': the figures so far, sent on request before the round's work is done. */
  kind: 'result' | 'snapshot';
  betAckMs: number[];
  betWaitedMs: number[];
  betsInRound: number;
  betsQueued: number;
  cashoutAckMs: number[];
  cashoutWaitedMs: number[];
  cashoutsAccepted: number;
  refusals: Record<string, number>;
  flyingPushMs: number[];
  crashedAtMs: number[];
  /** CPU seconds this process used from `go` to its result, and over its whole life. */
  roundCpuSeconds: number;
  totalCpuSeconds: number;
};
export type WorkerFailed = { kind: 'failed'; message: string };
export type WorkerReport = WorkerConnected | WorkerResult | WorkerFailed;

const CONNECT_BATCH = 500;

const send = (report: WorkerReport) => process.send!(report);
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

let sockets: LoadSocket[] = [];
/**
 * Bets and cash-outs have separate keep-alive pools: a player's connection carries only that player's
 * requests, so in a shared pool a cash-out would wait behind other players' queued bets, a wait no real
 * player has.
 */
let betHttp: JsonClient | null = null;
let cashoutHttp: JsonClient | null = null;
let start: WorkerStart | null = null;
let snapshot: (() => WorkerResult) | null = null;

async function connectAll(command: WorkerStart): Promise<void> {
  start = command;
  betHttp = keepAliveJsonClient(command.port, command.httpConnections);
  cashoutHttp = keepAliveJsonClient(command.port, command.httpConnections);
  const startedMs = performance.now();
  for (let i = 0; i < command.tokens.length; i += CONNECT_BATCH) {
    const count = Math.min(CONNECT_BATCH, command.tokens.length - i);
    const batch = await Promise.all(Array.from({ length: count }, () => connectLoadSocket(command.port, '/crash')));
    for (const socket of batch) socket.emit('subscribe', command.room);
    sockets.push(...batch);
  }
  await Promise.all([betHttp.open(), cashoutHttp.open()]);
  send({ kind: 'connected', connectMs: performance.now() - startedMs, cpuSeconds: cpuSecondsOf(process.cpuUsage()) });
}

function emptyResult(): WorkerResult {
  return {
    kind: 'result',
    betAckMs: [],
    betWaitedMs: [],
    betsInRound: 0,
    betsQueued: 0,
    cashoutAckMs: [],
    cashoutWaitedMs: [],
    cashoutsAccepted: 0,
    refusals: {},
    flyingPushMs: [],
    crashedAtMs: [],
    roundCpuSeconds: 0,
    totalCpuSeconds: 0,
  };
}

async function playRound(command: WorkerGo): Promise<void> {
  const { tokens, room, workerIndex } = start!;
  const cpuBefore = process.cpuUsage();
  const result = emptyResult();
  snapshot = () => ({
    ...result,
    roundCpuSeconds: cpuSecondsOf(process.cpuUsage(cpuBefore)),
    totalCpuSeconds: cpuSecondsOf(process.cpuUsage()),
  });
  const refuse = (reply: ApiReply, what: string) => {
    const code = `${what} ${reply.code ?? `res ${reply.res}`}`;
    result.refusals[code] = (result.refusals[code] ?? 0) + 1;
  };
  const betIds: Array<Promise<string | null>> = tokens.map(
    (token, i) =>
      new Promise<string | null>((resolve) => {
        setTimeout(() => {
          betHttp!
            .post('/gameroket/pour', { room, amount: '10', requestKey: `bench-${command.roundId}-${workerIndex}-${i}` }, token)
            .then(({ reply, ackMs, waitedForConnectionMs }) => {
              result.betAckMs.push(ackMs);
              result.betWaitedMs.push(waitedForConnectionMs);
              const bet = reply.obj?.bet as { id: string; status: string; roundId: string | null } | undefined;
              if (reply.res !== 1 || !bet) {
                refuse(reply, 'bet');
                return resolve(null);
              }
              // A bet answered after the next round opened may be open in that round: it is not this round's.
              const isInRound = bet.status === 'open' && bet.roundId === command.roundId;
              if (isInRound) result.betsInRound += 1;
              else result.betsQueued += 1;
              resolve(isInRound ? bet.id : null);
            })
            .catch((error: unknown) => {
              refuse({ res: -1, code: `transport ${(error as Error).message}` }, 'bet');
              resolve(null);
            });
        }, Math.random() * command.betSpreadMs);
      }),
  );
  /** A player presses "Cash out" at a random moment of the window after the announced take-off instant. */
  const cashOut = async (i: number) => {
    const delayMs = command.flyingAtMs + Math.random() * command.cashoutWindowMs - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, delayMs)));
    const betId = await betIds[i]!;
    if (!betId) return;
    try {
      const { reply, ackMs, waitedForConnectionMs } = await cashoutHttp!.post('/gameroket/doSettle', { betId }, tokens[i]!);
      result.cashoutAckMs.push(ackMs);
      result.cashoutWaitedMs.push(waitedForConnectionMs);
      if (reply.res === 1) result.cashoutsAccepted += 1;
      else refuse(reply, 'cash-out');
    } catch (error) {
      refuse({ res: -1, code: `transport ${(error as Error).message}` }, 'cash-out');
    }
  };
  const cashouts = tokens.map((_, i) => cashOut(i));
  let resolveCrashed = () => {};
  const crashed = new Promise<void>((resolve) => (resolveCrashed = resolve));
  sockets.forEach((socket) => {
    socket.onPush((event, packet) => {
      if (event === 'flying') {
        const flying = eventPayload<{ roundId: string; flyingAtMs: number }>(packet);
        if (flying.roundId !== command.roundId) return;
        result.flyingPushMs.push(Date.now() - flying.flyingAtMs);
      } else if (event === 'crashed') {
        if (eventPayload<{ roundId: string }>(packet).roundId !== command.roundId) return;
        result.crashedAtMs.push(Date.now());
        if (result.crashedAtMs.length === sockets.length) resolveCrashed();
      }
    });
  });
  await Promise.all(betIds);
  await crashed;
  await Promise.all(cashouts);
  send(snapshot!());
}

function stop(): void {
  for (const socket of sockets) socket.close();
  sockets = [];
  betHttp?.close();
  cashoutHttp?.close();
  process.exit(0);
}

const fail = (error: unknown) => {
  send({ kind: 'failed', message: (error as Error).message });
  stop();
};
process.on('message', (command: WorkerCommand) => {
  if (command.kind === 'start') connectAll(command).catch(fail);
  else if (command.kind === 'go') playRound(command).catch(fail);
  else if (command.kind === 'snapshot') send({ ...(snapshot?.() ?? emptyResult()), kind: 'snapshot' });
  else stop();
});
// The parent went away (finished, failed or killed): nothing is left to report to.
process.on('disconnect', stop);
