import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  diceMultiplierX100,
  diceRollX100,
  newServerSeed,
  PLINKO_MULTIPLIERS_X10,
  plinkoPath,
  roundDigest,
  seedHash,
} from './fairness.ts';
import { isSignedBy, signedHeaders } from './signing.ts';
import { callWallet, type WalletSettings } from './wallet-client.ts';

// The demo studio: a small game server of its own, on its own port, with two provably-fair
// games. It knows the operator only through the seamless wallet API (docs/provider-wallet-api.md), as
// an outside studio would; its state (sessions, its transaction log) is kept in memory.

const port = Number(process.env.PROVIDER_DEMO_PORT || 8090);
const host = process.env.PROVIDER_DEMO_HOST || '0.0.0.0';
const wallet: WalletSettings = {
  baseUrl: (process.env.MAYUR_WALLET_URL || 'http://127.0.0.1:8080/api/provider/demo').replace(/\/+$/, ''),
  apiKey: process.env.PROVIDER_DEMO_API_KEY || 'mayur-demo-studio-api-key',
  secret: process.env.PROVIDER_DEMO_SECRET || 'mayur-demo-studio-signing-secret-for-development-only',
};
// Who may frame the games: the operator's site (any port on this machine by default).
const frameAncestors = process.env.PROVIDER_DEMO_FRAME_ANCESTORS || "'self' http://localhost:* http://127.0.0.1:*";
const publicDir = path.resolve(import.meta.dirname, '../public');

type Game = 'plinko' | 'dice';
type Session = {
  id: string;
  walletSession: string;
  playerId: string;
  /** The wallet's currency, from its authenticate answer: every bet and win names it. */
  currency: string;
  game: Game;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  isBusy: boolean;
  expiresAtMs: number;
};
type LoggedTransaction = {
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  roundId: string;
  playerId: string;
  amount: string;
  day: string;
};

const sessions = new Map<string, Session>();
const transactions: LoggedTransaction[] = [];
const MAX_SESSIONS = 10_000;
const MIN_STAKE_PAISE = 100n;
const MAX_STAKE_PAISE = 1_000_000n;

function kolkataDay(atMs: number): string {
  return new Date(atMs + 330 * 60_000).toISOString().slice(0, 10);
}

function paiseOf(text: unknown): bigint | null {
  if (typeof text !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function money(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const abs = paise < 0n ? -paise : paise;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

function send(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  response.end(text);
}

async function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) {
    text += chunk;
    if (text.length > 4096) throw new Error('body too large');
  }
  const parsed = JSON.parse(text || '{}') as unknown;
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
}

function log(transaction: Omit<LoggedTransaction, 'day'>) {
  transactions.push({ ...transaction, day: kolkataDay(Date.now()) });
  if (transactions.length > 200_000) transactions.splice(0, 100_000);
}

function publicSession(session: Session, balance: string) {
  return {
    sessionId: session.id,
    game: session.game,
    balance,
    serverSeedHash: seedHash(session.serverSeed),
    clientSeed: session.clientSeed,
    nonce: session.nonce,
  };
}

async function start(body: Record<string, unknown>) {
  const game = body.game === 'dice' ? 'dice' : 'plinko';
  if (typeof body.token !== 'string') return { status: 400, body: { error: 'token' } };
  const reply = await callWallet(wallet, 'authenticate', { launchToken: body.token });
  if (reply.status !== 'ok') return { status: 401, body: { error: reply.code } };
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  const session: Session = {
    id: randomBytes(24).toString('base64url'),
    walletSession: String(reply.sessionToken),
    playerId: String(reply.playerId),
    currency: reply.currency,
    game,
    serverSeed: newServerSeed(),
    clientSeed: randomBytes(8).toString('hex'),
    nonce: 0,
    isBusy: false,
    expiresAtMs: Date.parse(String(reply.sessionExpiresAt)),
  };
  sessions.set(session.id, session);
  return { status: 200, body: publicSession(session, reply.balance) };
}

/** One round: the bet (debit), the result from the committed seed, the win (credit, 0.00 when lost). */
async function play(session: Session, body: Record<string, unknown>) {
  const stakePaise = paiseOf(body.stake);
  if (stakePaise === null || stakePaise < MIN_STAKE_PAISE || stakePaise > MAX_STAKE_PAISE)
    return { status: 400, body: { error: 'stake' } };
  const target = Number(body.target ?? 50);
  if (session.game === 'dice' && (!Number.isInteger(target) || target < 2 || target > 95))
    return { status: 400, body: { error: 'target' } };
  const roundId = `round-${randomUUID()}`;
  const debitId = `bet-${randomUUID()}`;
  const debit = await callWallet(wallet, 'debit', {
    sessionToken: session.walletSession,
    playerId: session.playerId,
    transactionId: debitId,
    roundId,
    gameCode: session.game,
    amount: money(stakePaise),
    currency: session.currency,
  });
  if (debit.status !== 'ok') return { status: 200, body: { error: debit.code, balance: debit.balance ?? null } };
  log({ transactionId: debitId, kind: 'debit', roundId, playerId: session.playerId, amount: money(stakePaise) });
  const nonce = session.nonce;
  session.nonce += 1;
  const digest = roundDigest(session.serverSeed, session.clientSeed, nonce);
  let winPaise: bigint;
  let result: Record<string, unknown>;
  if (session.game === 'plinko') {
    const steps = plinkoPath(digest);
    const slot = steps.reduce((sum, step) => sum + step, 0);
    const multiplierX10 = PLINKO_MULTIPLIERS_X10[slot]!;
    winPaise = (stakePaise * BigInt(multiplierX10)) / 10n;
    result = { path: steps, slot, multiplier: (multiplierX10 / 10).toFixed(1) };
  } else {
    const rollX100 = diceRollX100(digest);
    const multiplierX100 = diceMultiplierX100(target);
    const isWin = rollX100 < target * 100;
    winPaise = isWin ? (stakePaise * BigInt(multiplierX100)) / 100n : 0n;
    result = { roll: (rollX100 / 100).toFixed(2), target, multiplier: (multiplierX100 / 100).toFixed(2), isWin };
  }
  const creditId = `win-${randomUUID()}`;
  const credit = await callWallet(wallet, 'credit', {
    sessionToken: session.walletSession,
    playerId: session.playerId,
    transactionId: creditId,
    roundId,
    amount: money(winPaise),
    currency: session.currency,
  });
  if (credit.status !== 'ok') return { status: 502, body: { error: credit.code, balance: debit.balance } };
  log({ transactionId: creditId, kind: 'credit', roundId, playerId: session.playerId, amount: money(winPaise) });
  return {
    status: 200,
    body: {
      roundId,
      nonce,
      clientSeed: session.clientSeed,
      serverSeedHash: seedHash(session.serverSeed),
      stake: money(stakePaise),
      win: money(winPaise),
      balance: credit.balance,
      result,
    },
  };
}

function rotate(session: Session) {
  const revealed = {
    serverSeed: session.serverSeed,
    serverSeedHash: seedHash(session.serverSeed),
    clientSeed: session.clientSeed,
    rounds: session.nonce,
  };
  session.serverSeed = newServerSeed();
  session.nonce = 0;
  return { revealed, serverSeedHash: seedHash(session.serverSeed), nonce: 0 };
}

function serveFile(response: http.ServerResponse, name: string) {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
  };
  const file = path.join(publicDir, name);
  if (!file.startsWith(publicDir) || !fs.existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'content-security-policy': `default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors ${frameAncestors}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  });
  fs.createReadStream(file).pipe(response);
}

/** The day's transactions for the operator's reconciliation; the request and the answer are signed. */
function report(request: http.IncomingMessage, url: URL, response: http.ServerResponse) {
  const signed = `${url.pathname}${url.search}`;
  const isAuthentic =
    request.headers['x-api-key'] === wallet.apiKey &&
    isSignedBy(
      wallet.secret,
      request.headers['x-signature-timestamp'] as string,
      request.headers['x-signature'] as string,
      signed,
    );
  if (!isAuthentic) return send(response, 401, { error: 'signature' });
  const day = url.searchParams.get('day') ?? '';
  const lines = transactions.filter((line) => line.day === day).map(({ day: _day, ...line }) => line);
  const text = JSON.stringify({ day, transactions: lines });
  response.writeHead(200, { 'content-type': 'application/json', ...signedHeaders(wallet.secret, text) });
  response.end(text);
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://demo.local');
  void (async () => {
    try {
      if (request.method === 'GET' || request.method === 'HEAD') {
        if (url.pathname === '/play') return serveFile(response, 'play.html');
        if (url.pathname === '/report') return report(request, url, response);
        if (url.pathname === '/healthz') return send(response, 200, { status: 'ok' });
        if (/^\/(static|img)\/[a-z0-9-]+\.(js|css|svg)$/.test(url.pathname)) return serveFile(response, url.pathname.slice(1));
        return send(response, 404, { error: 'not found' });
      }
      if (request.method !== 'POST') return send(response, 405, { error: 'method' });
      const body = await readJson(request);
      if (url.pathname === '/api/start') {
        const out = await start(body);
        return send(response, out.status, out.body);
      }
      const session = sessions.get(String(body.sessionId));
      if (!session || session.expiresAtMs < Date.now()) return send(response, 401, { error: 'SESSION_INVALID' });
      if (url.pathname === '/api/rotate') return send(response, 200, rotate(session));
      if (url.pathname === '/api/client-seed') {
        if (typeof body.clientSeed !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(body.clientSeed))
          return send(response, 400, { error: 'clientSeed' });
        session.clientSeed = body.clientSeed;
        return send(response, 200, { clientSeed: session.clientSeed, nonce: session.nonce });
      }
      if (url.pathname === '/api/play') {
        // One round at a time per session, so the nonce of each round is the one shown.
        if (session.isBusy) return send(response, 409, { error: 'BUSY' });
        session.isBusy = true;
        try {
          const out = await play(session, body);
          return send(response, out.status, out.body);
        } finally {
          session.isBusy = false;
        }
      }
      return send(response, 404, { error: 'not found' });
    } catch (error) {
      process.stderr.write(`provider-demo: ${(error as Error).message}\n`);
      if (!response.headersSent) send(response, 502, { error: 'GAME_ERROR' });
    }
  })();
});

server.listen(port, host, () => {
  process.stdout.write(`provider-demo: studio listening on http://localhost:${port} (wallet ${wallet.baseUrl})\n`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
