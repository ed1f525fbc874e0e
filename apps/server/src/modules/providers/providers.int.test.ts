import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kolkataDay } from '@mayur/rules/kolkata-day';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addBankCard, cashOf, expectLedgerBalanced, payingPlayer, WITHDRAW_PASSWORD } from '../../../test/payments.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { adminCall, signedInOperator } from '../../../test/admin-operators.ts';
import { signBody, signedHeaders } from '../../platform/http/hmac-signature.ts';
import { applyMoneyBatch, splitIntoPasses, type MoneyCall } from './money-batch.ts';
import { runProviderCommand } from './provider-commands.ts';

// The seamless wallet (decision 0026) against a fake studio driven by the test: every call
// signed as a studio would sign it, and every way a call can be forged, replayed, reordered or raced.

const SECRET = 'studio-signing-secret-0123456789abcdef';
const API_KEY = 'studio-api-key-0123456789';

let server: TestServer;
let report: { transactions: unknown[] } = { transactions: [] };
let reportServer: http.Server;

beforeAll(async () => {
  reportServer = http.createServer((request, response) => {
    const text = JSON.stringify({ day: '2026-11-21', ...report });
    response.writeHead(200, signedHeaders(SECRET, Date.now(), text));
    response.end(text);
  });
  await new Promise<void>((resolve) => reportServer.listen(0, '127.0.0.1', resolve));
  const port = (reportServer.address() as AddressInfo).port;
  server = await startTestServer({
    PROVIDER_DEMO: 'false',
    PROVIDERS: JSON.stringify([
      {
        id: 'studio',
        launchUrl: 'https://games.studio.example/launch',
        reportUrl: `http://127.0.0.1:${port}/report`,
        apiKey: API_KEY,
        signingSecret: SECRET,
      },
      // A studio with low credit ceilings, to reach them with small amounts.
      {
        id: 'capped',
        launchUrl: 'https://games.capped.example/launch',
        apiKey: API_KEY,
        signingSecret: SECRET,
        maxRoundCredit: '100.00',
        maxPlayerDayCredit: '150.00',
      },
    ]),
  });
  await addFortuneTiger('studio');
});

/** The catalogue's one game, at a provider. */
async function addFortuneTiger(provider: string) {
  const added = await runProviderCommand(
    { db: server.ctx.db, clock: server.ctx.clock, log: server.ctx.log, providers: server.ctx.config.providers, actor: 'test' },
    'provider:game-set',
    { provider, code: 'fortune-tiger', name: 'Fortune Tiger', names: '{"hi":"फॉर्च्यून टाइगर"}', category: 'slots' },
  );
  expect(added.isOk).toBe(true);
}
afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => reportServer.close(resolve));
});
afterEach(async () => {
  await expectLedgerBalanced(server);
});

type StudioReply = { status: number; body: Record<string, any> };

/**
 * The fake studio: a signed call at the server's clock, or spoiled in the ways an attacker would.
 * Debits and credits name the provider's currency unless the body says otherwise (`currency: undefined`
 * sends none).
 */
async function studio(
  action: string,
  body: Record<string, unknown>,
  options: { secret?: string; timestampMs?: number; signedBody?: string; apiKey?: string | null; provider?: string } = {},
): Promise<StudioReply> {
  const rawBody = JSON.stringify(action === 'debit' || action === 'credit' ? { currency: 'INR', ...body } : body);
  const headers: Record<string, string> = signedHeaders(
    options.secret ?? SECRET,
    options.timestampMs ?? server.clock.now().getTime(),
    options.signedBody ?? rawBody,
  );
  if (options.apiKey !== null) headers['x-api-key'] = options.apiKey ?? API_KEY;
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/provider/${options.provider ?? 'studio'}/${action}`,
    headers,
    payload: rawBody,
  });
  return { status: response.statusCode, body: response.json() };
}

/** A launch of the game by a signed-in player: the launch token the studio's page would receive. */
async function launchTokenOf(token: string, provider = 'studio'): Promise<string> {
  const launch = await server.call('/third/launch', { provider, gameCode: 'fortune-tiger', locale: 'hi' }, { token });
  expect(launch.body.res).toBe(1);
  return new URL(launch.body.obj.launchUrl).searchParams.get('token')!;
}

/** A funded player who launched the game and whose session the studio authenticated. */
async function playing(cashPaise = 100_000n, provider = 'studio') {
  const player = await payingPlayer(server, cashPaise);
  const launchToken = await launchTokenOf(player.token, provider);
  const auth = await studio('authenticate', { launchToken }, { provider });
  expect(auth.body.status).toBe('ok');
  return { ...player, sessionToken: auth.body.sessionToken as string, playerId: auth.body.playerId as string };
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${process.pid}-${++sequence}`;

type DebitIds = { tx?: string; round?: string };

/** A debit's transaction and round in the game, new ones unless given. */
function debitIn(ids: DebitIds) {
  return { transactionId: ids.tx ?? nextId('d'), roundId: ids.round ?? nextId('r'), gameCode: 'fortune-tiger' };
}

function debit(p: { sessionToken: string; playerId: string }, amount: string, ids: DebitIds = {}) {
  return { sessionToken: p.sessionToken, playerId: p.playerId, ...debitIn(ids), amount };
}

/** A credit of `amount` in the round, under a transaction id of its own. */
function credit(p: { sessionToken: string; playerId: string }, roundId: string, amount: string) {
  return { sessionToken: p.sessionToken, playerId: p.playerId, transactionId: nextId('c'), roundId, amount };
}

/** A rollback of `bet`, under a transaction id of its own. */
function rollback(p: { sessionToken: string; playerId: string }, bet: { transactionId: string; roundId: string }) {
  return {
    sessionToken: p.sessionToken,
    playerId: p.playerId,
    transactionId: nextId('x'),
    referenceTransactionId: bet.transactionId,
    roundId: bet.roundId,
  };
}

async function movementsOf(userId: number): Promise<number> {
  const [row] = await server.ctx.db.query<{ count: bigint }>(
    `select count(*)::bigint as count from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.user_id = $1 and a.kind = 'cash'`,
    [userId],
  );
  return Number(row!.count);
}

describe('catalogue and launch', () => {
  it('lists the catalogue in the player’s language and opens a single-use launch', async () => {
    const games = await server.call('/third/games', { locale: 'hi' });
    expect(games.body.obj).toEqual({
      categories: ['slots'],
      list: [{ provider: 'studio', code: 'fortune-tiger', name: 'फॉर्च्यून टाइगर', imageUrl: null, category: 'slots' }],
    });
    const player = await payingPlayer(server, 1_000n);
    const launch = await server.call('/third/launch', { provider: 'studio', gameCode: 'fortune-tiger' }, { token: player.token });
    const url = new URL(launch.body.obj.launchUrl);
    expect(url.origin + url.pathname).toBe('https://games.studio.example/launch');
    expect(url.searchParams.get('game')).toBe('fortune-tiger');
    const launchToken = url.searchParams.get('token')!;
    const first = await studio('authenticate', { launchToken });
    expect(first.body).toMatchObject({ status: 'ok', playerId: String(player.userId), balance: '10.00', currency: 'INR' });
    expect((await studio('authenticate', { launchToken })).body).toMatchObject({ status: 'error', code: 'SESSION_INVALID' });
  });

  it('refuses a launch of an unknown game, without a session, and an expired launch token', async () => {
    const player = await payingPlayer(server);
    expect(
      (await server.call('/third/launch', { provider: 'studio', gameCode: 'nope' }, { token: player.token })).body.code,
    ).toBe('NOT_FOUND');
    expect((await server.call('/third/launch', { provider: 'studio', gameCode: 'fortune-tiger' })).status).toBe(401);
    const launch = await server.call('/third/launch', { provider: 'studio', gameCode: 'fortune-tiger' }, { token: player.token });
    server.clock.advance(3 * 60_000);
    const launchToken = new URL(launch.body.obj.launchUrl).searchParams.get('token')!;
    expect((await studio('authenticate', { launchToken })).body.code).toBe('SESSION_INVALID');
  });

  it('bounds the launches of one player per minute', async () => {
    const player = await payingPlayer(server);
    const launch = () => server.call('/third/launch', { provider: 'studio', gameCode: 'fortune-tiger' }, { token: player.token });
    for (let i = 0; i < 30; i++) expect((await launch()).body.res).toBe(1);
    expect((await launch()).body.code).toBe('RATE_LIMITED');
  });

  it('neither lists nor launches a game the operator disabled', async () => {
    const command = (args: Record<string, string>) =>
      runProviderCommand(
        {
          db: server.ctx.db,
          clock: server.ctx.clock,
          log: server.ctx.log,
          providers: server.ctx.config.providers,
          actor: 'test',
        },
        'provider:game-set',
        args,
      );
    expect((await command({ provider: 'studio', code: 'old-slot', name: 'Old Slot', enabled: 'false' })).isOk).toBe(true);
    const games = await server.call('/third/games', {});
    expect(games.body.obj.list.map((game: { code: string }) => game.code)).toEqual(['fortune-tiger']);
    const player = await payingPlayer(server);
    const launch = await server.call('/third/launch', { provider: 'studio', gameCode: 'old-slot' }, { token: player.token });
    expect(launch.body.code).toBe('NOT_FOUND');
    expect((await command({ provider: 'nobody', code: 'x', name: 'X' })).isOk).toBe(false);
  });
});

describe('signatures', () => {
  it('refuses forged, stale and altered calls and calls without the API key, moving nothing', async () => {
    const p = await playing();
    const body = debit(p, '10.00');
    const forged = await studio('debit', body, { secret: 'another-secret-0123456789abcdefghijkl' });
    const stale = await studio('debit', body, { timestampMs: server.clock.now().getTime() - 6 * 60_000 });
    const altered = await studio('debit', body, { signedBody: JSON.stringify({ ...body, amount: '1.00' }) });
    const keyless = await studio('debit', body, { apiKey: null });
    const wrongKey = await studio('debit', body, { apiKey: 'guessed-key-0123456789' });
    for (const reply of [forged, stale, altered])
      expect(reply).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    for (const reply of [keyless, wrongKey]) expect(reply).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect(await cashOf(server, p.userId)).toBe(100_000n);
    expect((await studio('debit', body, { provider: 'other' })).status).toBe(404);
  });

  it('signs its answers with the provider’s secret', async () => {
    const p = await playing();
    const rawBody = JSON.stringify({ sessionToken: p.sessionToken, playerId: p.playerId });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/provider/studio/balance',
      headers: { ...signedHeaders(SECRET, server.clock.now().getTime(), rawBody), 'x-api-key': API_KEY },
      payload: rawBody,
    });
    const timestamp = Number(response.headers['x-signature-timestamp']);
    expect(response.headers['x-signature']).toBe(signBody(SECRET, timestamp, response.body));
    expect(response.json()).toEqual({ status: 'ok', balance: '1000.00', currency: 'INR' });
  });

  it('refuses a malformed body naming the field', async () => {
    const p = await playing();
    const reply = await studio('debit', { ...debit(p, '10.5') });
    expect(reply).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', message: 'body: amount' } });
  });
});

describe('debits and credits', () => {
  it('moves a bet and a win through the ledger, shown as game transactions', async () => {
    const p = await playing();
    const round = nextId('r');
    const bet = await studio('debit', debit(p, '25.00', { round }));
    expect(bet.body).toMatchObject({ status: 'ok', balance: '975.00', isReplay: false });
    const win = await studio('credit', credit(p, round, '60.00'));
    expect(win.body).toMatchObject({ status: 'ok', balance: '1035.00' });
    const list = await server.call('/cash/findMoneyTranceList', { pageNum: 1, pageSize: 10, type: 'game' }, { token: p.token });
    expect(list.body.obj.list.map((row: { reason: string; amount: string }) => [row.reason, row.amount])).toEqual([
      ['payout', '+60.00'],
      ['bet', '-25.00'],
    ]);
  });

  it('applies five parallel replays of each call once', async () => {
    const p = await playing();
    const round = nextId('r');
    const bet = debit(p, '10.00', { round });
    const bets = await Promise.all(Array.from({ length: 5 }, () => studio('debit', bet)));
    expect(bets.every((reply) => reply.body.status === 'ok')).toBe(true);
    expect(bets.filter((reply) => reply.body.isReplay === false)).toHaveLength(1);
    const win = credit(p, round, '30.00');
    const wins = await Promise.all(Array.from({ length: 5 }, () => studio('credit', win)));
    expect(wins.every((reply) => reply.body.status === 'ok')).toBe(true);
    expect(await cashOf(server, p.userId)).toBe(100_000n - 1_000n + 3_000n);
    expect(await movementsOf(p.userId)).toBe(3); // the funding, one bet, one win
  });

  it('answers a retry after a time-out with the first result', async () => {
    const p = await playing();
    const bet = debit(p, '10.00');
    await studio('debit', bet);
    const retry = await studio('debit', bet);
    expect(retry.body).toMatchObject({ status: 'ok', isReplay: true, balance: '990.00' });
    expect((await studio('debit', { ...bet, amount: '11.00' })).body.code).toBe('TRANSACTION_CONFLICT');
    expect(await cashOf(server, p.userId)).toBe(99_000n);
  });

  it('refuses a debit beyond the balance with the current balance', async () => {
    const p = await playing(5_000n);
    const reply = await studio('debit', debit(p, '50.01'));
    expect(reply.body).toMatchObject({ status: 'error', code: 'INSUFFICIENT_BALANCE', balance: '50.00' });
    expect((await studio('debit', debit(p, '50.00'))).body).toMatchObject({ status: 'ok', balance: '0.00' });
  });

  it('refuses a credit before its debit, and accepts it once the debit arrived', async () => {
    const p = await playing();
    const round = nextId('r');
    const win = credit(p, round, '5.00');
    expect((await studio('credit', win)).body).toMatchObject({ status: 'error', code: 'ROUND_NOT_FOUND' });
    await studio('debit', debit(p, '1.00', { round }));
    expect((await studio('credit', win)).body).toMatchObject({ status: 'ok', balance: '1004.00' });
  });

  it('refuses a session of another player and an expired session for new bets', async () => {
    const a = await playing();
    const b = await playing();
    const stolen = await studio('debit', { ...debit(a, '10.00'), playerId: b.playerId });
    expect(stolen.body.code).toBe('PLAYER_MISMATCH');
    expect((await studio('balance', { sessionToken: a.sessionToken, playerId: b.playerId })).body.code).toBe('PLAYER_MISMATCH');
    const round = nextId('r');
    await studio('debit', debit(a, '10.00', { round }));
    server.clock.advance(13 * 3_600_000);
    expect((await studio('debit', debit(a, '10.00'))).body.code).toBe('SESSION_INVALID');
    // The round still settles after the session ended.
    const late = await studio('credit', {
      sessionToken: a.sessionToken,
      playerId: a.playerId,
      transactionId: nextId('c'),
      roundId: round,
      amount: '20.00',
    });
    expect(late.body).toMatchObject({ status: 'ok', balance: '1010.00' });
    expect(await cashOf(server, b.userId)).toBe(100_000n);
  });
});

describe('rollbacks', () => {
  it('returns a debit once, however often it is sent', async () => {
    const p = await playing();
    const bet = debit(p, '40.00');
    await studio('debit', bet);
    const cancel = rollback(p, bet);
    const replies = await Promise.all(Array.from({ length: 5 }, () => studio('rollback', cancel)));
    expect(replies.every((reply) => reply.body.status === 'ok')).toBe(true);
    const again = await studio('rollback', { ...cancel, transactionId: nextId('x') });
    expect(again.body).toMatchObject({ status: 'ok', balance: '1000.00' });
    expect(await cashOf(server, p.userId)).toBe(100_000n);
    // A credit for the cancelled round finds no open debit.
    const win = credit(p, bet.roundId, '80.00');
    expect((await studio('credit', win)).body.code).toBe('ROUND_NOT_FOUND');
  });

  it('refuses a rollback after the round was credited', async () => {
    const p = await playing();
    const bet = debit(p, '40.00');
    await studio('debit', bet);
    await studio('credit', credit(p, bet.roundId, '0.00'));
    const cancel = rollback(p, bet);
    expect((await studio('rollback', cancel)).body).toMatchObject({ status: 'error', code: 'ROUND_SETTLED' });
    expect(await cashOf(server, p.userId)).toBe(96_000n);
  });

  it('accepts a rollback of an unknown debit once and refuses that debit when it arrives late', async () => {
    const p = await playing();
    const bet = debit(p, '40.00');
    const cancel = rollback(p, bet);
    expect((await studio('rollback', cancel)).body).toMatchObject({ status: 'ok', balance: '1000.00' });
    expect((await studio('rollback', cancel)).body).toMatchObject({ status: 'ok', isReplay: true });
    expect((await studio('debit', bet)).body).toMatchObject({ status: 'error', code: 'DEBIT_ROLLED_BACK' });
    expect(await cashOf(server, p.userId)).toBe(100_000n);
  });
});

describe('races and player protection', () => {
  it('lets only one of a debit and a withdrawal of the whole balance through', async () => {
    const p = await playing(50_000n);
    const bankCardId = await addBankCard(server, p.token);
    const [bet, withdrawal] = await Promise.all([
      studio('debit', debit(p, '500.00')),
      server.call('/cash/withdrawNew', { withdrawPassword: WITHDRAW_PASSWORD, amount: '500', bankCardId }, { token: p.token }),
    ]);
    const succeeded = [bet.body.status === 'ok', withdrawal.body.res === 1].filter(Boolean);
    expect(succeeded).toHaveLength(1);
    expect(await cashOf(server, p.userId)).toBe(0n);
    // A refused bet says why and what is left; an accepted one left nothing to withdraw.
    const betRefusal = bet.body.status === 'ok' ? null : [bet.body.code, bet.body.balance];
    expect([null, ['INSUFFICIENT_BALANCE', '0.00']]).toContainEqual(betRefusal);
  });

  it('refuses debits during a self-exclusion and beyond a loss limit', async () => {
    const excluded = await playing();
    const limited = await playing();
    const now = server.clock.now();
    await server.ctx.db.query(
      `insert into player_protection (user_id, exclusion_kind, exclusion_duration, exclusion_started_at, exclusion_ends_at, updated_at)
       values ($1, 'self-exclusion', '6m', $2, $3, $2)`,
      [excluded.userId, now, new Date(now.getTime() + 180 * 86_400_000)],
    );
    await server.ctx.db.query('insert into player_protection (user_id, loss_day_paise, updated_at) values ($1, 5000, $2)', [
      limited.userId,
      now,
    ]);
    expect((await studio('debit', debit(excluded, '1.00'))).body).toMatchObject({ code: 'PLAYER_BLOCKED', balance: '1000.00' });
    expect((await studio('debit', debit(limited, '30.00'))).body.status).toBe('ok');
    expect((await studio('debit', debit(limited, '20.01'))).body).toMatchObject({ code: 'LIMIT_REACHED', balance: '970.00' });
    const launch = await server.call(
      '/third/launch',
      { provider: 'studio', gameCode: 'fortune-tiger' },
      { token: excluded.token },
    );
    expect(launch.body.code).toBe('PLAYER_SELF_EXCLUDED');
  });
});

describe('group commit', () => {
  // The calls a node gathered within its window, applied as one batch (decision 0026, "Throughput").
  const studioSettings = () => server.ctx.config.providers.list.find((provider) => provider.id === 'studio')!;
  const batch = (calls: MoneyCall[]) => applyMoneyBatch(server.ctx, studioSettings(), calls);
  const bet = (p: { sessionToken: string; userId: number }, amountPaise: bigint, ids: DebitIds = {}) =>
    ({ action: 'debit', sessionToken: p.sessionToken, playerId: p.userId, ...debitIn(ids), amountPaise }) as const;
  const win = (p: { sessionToken: string; userId: number }, amountPaise: bigint, round: string) =>
    ({
      action: 'credit',
      sessionToken: p.sessionToken,
      playerId: p.userId,
      transactionId: nextId('c'),
      roundId: round,
      amountPaise,
    }) as const;
  const kept = async (transactionId: string) =>
    (
      await server.ctx.db.query("select 1 from provider_transactions where provider_id = 'studio' and transaction_id = $1", [
        transactionId,
      ])
    ).length;

  it('lets only the first of two debits of one player through when the balance fits one, keeping nothing of the other', async () => {
    const p = await playing(5_000n);
    const first = bet(p, 3_000n);
    const second = bet(p, 3_000n);
    const [a, b] = await batch([first, second]);
    expect(a).toEqual({
      answer: {
        isOk: true,
        balancePaise: 2_000n,
        walletTransactionId: `provider:studio:debit:${first.transactionId}`,
        isReplay: false,
      },
    });
    expect(b).toMatchObject({ refusal: { code: 'INSUFFICIENT_BALANCE', balancePaise: 2_000n } });
    expect(await cashOf(server, p.userId)).toBe(2_000n);
    expect(await kept(second.transactionId)).toBe(0);
    // A refusal is not kept, so the same call is decided again later.
    const [retry] = await batch([{ ...second, amountPaise: 3_000n }]);
    expect(retry).toMatchObject({ refusal: { code: 'INSUFFICIENT_BALANCE' } });
  });

  it('counts the earlier debit of the batch against a loss limit that only one fits', async () => {
    const p = await playing();
    await server.ctx.db.query('insert into player_protection (user_id, loss_day_paise, updated_at) values ($1, 5000, $2)', [
      p.userId,
      server.clock.now(),
    ]);
    const [a, b, c] = await batch([bet(p, 3_000n), bet(p, 3_000n), bet(p, 2_000n)]);
    expect(a).toMatchObject({ answer: { isOk: true, balancePaise: 97_000n } });
    expect(b).toMatchObject({ refusal: { code: 'LIMIT_REACHED', balancePaise: 95_000n } });
    expect(c).toMatchObject({ answer: { isOk: true, balancePaise: 95_000n } });
    expect(await cashOf(server, p.userId)).toBe(95_000n);
  });

  it('answers a replay in the batch of its original as a replay, moving the money once', async () => {
    const p = await playing();
    const original = bet(p, 1_000n);
    const outcomes = await batch([original, original, original]);
    expect(outcomes.map((o) => ('answer' in o && o.answer.isOk ? o.answer.isReplay : o))).toEqual([false, true, true]);
    expect(outcomes.map((o) => ('answer' in o ? o.answer.balancePaise : o))).toEqual([99_000n, 99_000n, 99_000n]);
    expect(await movementsOf(p.userId)).toBe(2); // the funding and one bet
    const [conflict] = await batch([{ ...original, amountPaise: 2_000n }]);
    expect(conflict).toMatchObject({ refusal: { code: 'TRANSACTION_CONFLICT' } });
  });

  it('judges a credit against the debits that arrived before it in the batch', async () => {
    const p = await playing();
    const round = nextId('r');
    const early = win(p, 500n, round);
    const [before, debited, after] = await batch([early, bet(p, 1_000n, { round }), win(p, 3_000n, round)]);
    expect(before).toMatchObject({ refusal: { code: 'ROUND_NOT_FOUND' } });
    expect(debited).toMatchObject({ answer: { isOk: true, balancePaise: 99_000n } });
    expect(after).toMatchObject({ answer: { isOk: true, balancePaise: 102_000n } });
    expect(await kept(early.transactionId)).toBe(0);
  });

  it('answers every call of a batch on its own: refusals beside accepted debits and credits of other players', async () => {
    const a = await playing();
    const b = await playing(1_000n);
    const c = await playing();
    const round = nextId('r');
    await batch([bet(c, 1_000n, { round })]);
    const outcomes = await batch([
      bet(a, 2_000n),
      { ...bet(a, 1_000n), sessionToken: 'no-such-session' },
      bet(b, 5_000n),
      { ...bet(a, 1_000n), playerId: b.userId },
      win(c, 4_000n, round),
      win(c, 0n, nextId('r')),
      bet(b, 1_000n),
    ]);
    expect(outcomes.map((o) => ('answer' in o ? o.answer.balancePaise : 'refusal' in o ? o.refusal.code : 'error'))).toEqual([
      98_000n,
      'SESSION_INVALID',
      'INSUFFICIENT_BALANCE',
      'PLAYER_MISMATCH',
      103_000n,
      'ROUND_NOT_FOUND',
      0n,
    ]);
    expect([await cashOf(server, a.userId), await cashOf(server, b.userId), await cashOf(server, c.userId)]).toEqual([
      98_000n,
      0n,
      103_000n,
    ]);
  });

  it('gathers parallel calls of many players into fewer transactions than calls', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => playing()));
    const bets = players.map((p) => debit(p, '1.00'));
    const replies = await Promise.all(bets.map((body) => studio('debit', body)));
    expect(replies.map((reply) => reply.body.status)).toEqual(players.map(() => 'ok'));
    for (const p of players) expect(await cashOf(server, p.userId)).toBe(99_900n);
    // Rows written by one transaction carry its id.
    const [row] = await server.ctx.db.query<{ transactions: bigint }>(
      `select count(distinct xmin::text)::bigint as transactions from provider_transactions
       where provider_id = 'studio' and transaction_id = any($1::text[])`,
      [bets.map((body) => body.transactionId)],
    );
    expect(row!.transactions).toBeLessThan(8n);
  });
});

describe('passes of a batch', () => {
  const call = (transactionId: string, roundId: string, playerId = 1): MoneyCall => ({
    action: 'debit',
    sessionToken: 's',
    playerId,
    transactionId,
    roundId,
    gameCode: 'g',
    amountPaise: 1n,
  });

  it('puts a repeated transaction id or a second call of a player’s round after the first, the rest together', () => {
    expect(splitIntoPasses([call('a', 'r1'), call('b', 'r2'), call('c', 'r3', 2)])).toEqual([[0, 1, 2]]);
    expect(splitIntoPasses([call('a', 'r1'), call('a', 'r1'), call('a', 'r1'), call('b', 'r2')])).toEqual([[0, 3], [1], [2]]);
    expect(splitIntoPasses([call('a', 'r1'), call('b', 'r1'), call('c', 'r1', 2), call('d', 'r2')])).toEqual([[0, 2, 3], [1]]);
  });
});

describe('frozen and logged-out players', () => {
  it('ends a frozen player’s studio sessions and unused launch tokens, and still settles the bets made before', async () => {
    const p = await playing();
    const other = await playing();
    const unusedLaunchToken = await launchTokenOf(p.token);
    const won = debit(p, '10.00');
    const cancelled = debit(p, '5.00');
    expect((await studio('debit', won)).body.status).toBe('ok');
    expect((await studio('debit', cancelled)).body.status).toBe('ok');
    const risk = await signedInOperator(server, 'risk');
    const freeze = await adminCall(
      server,
      '/players/freeze',
      { playerId: p.userId, reason: 'Chargeback fraud' },
      { token: risk.token },
    );
    expect(freeze.body.res).toBe(1);

    expect((await studio('debit', debit(p, '1.00'))).body).toMatchObject({
      status: 'error',
      code: 'PLAYER_FROZEN',
      balance: '985.00',
    });
    expect((await studio('authenticate', { launchToken: unusedLaunchToken })).body).toMatchObject({ code: 'SESSION_INVALID' });
    // The studio can still pay and cancel what the player bet before the freeze: no money is stranded.
    expect((await studio('credit', credit(p, won.roundId, '30.00'))).body).toMatchObject({ status: 'ok', balance: '1015.00' });
    expect((await studio('rollback', rollback(p, cancelled))).body).toMatchObject({ status: 'ok', balance: '1020.00' });
    // Another player's game goes on.
    expect((await studio('debit', debit(other, '1.00'))).body.status).toBe('ok');

    // Unfreezing does not bring the ended sessions back: the player launches again.
    const unfreeze = await adminCall(server, '/players/unfreeze', { playerId: p.userId }, { token: risk.token });
    expect(unfreeze.body.res).toBe(1);
    expect((await studio('debit', debit(p, '1.00'))).body).toMatchObject({ code: 'SESSION_INVALID' });
    expect((await studio('authenticate', { launchToken: unusedLaunchToken })).body).toMatchObject({ code: 'SESSION_INVALID' });
    expect(await cashOf(server, p.userId)).toBe(102_000n);
  });

  it('refuses the launch, authenticate and debits of a frozen player, and accepts credits and rollbacks of earlier bets', async () => {
    // Frozen without passing through the console's freeze (its sessions and launch tokens left as they
    // were): the studio's own calls check the player too.
    const p = await playing();
    const unusedLaunchToken = await launchTokenOf(p.token);
    const won = debit(p, '10.00');
    const cancelled = debit(p, '5.00');
    await studio('debit', won);
    await studio('debit', cancelled);
    await server.ctx.db.query('update users set frozen_at = $2 where id = $1', [p.userId, server.clock.now()]);

    expect((await studio('authenticate', { launchToken: unusedLaunchToken })).body).toMatchObject({
      status: 'error',
      code: 'PLAYER_FROZEN',
    });
    expect((await studio('debit', debit(p, '1.00'))).body).toMatchObject({
      status: 'error',
      code: 'PLAYER_FROZEN',
      balance: '985.00',
    });
    expect((await studio('credit', credit(p, won.roundId, '30.00'))).body).toMatchObject({ status: 'ok', balance: '1015.00' });
    expect((await studio('rollback', rollback(p, cancelled))).body).toMatchObject({ status: 'ok', balance: '1020.00' });
    const launch = await server.call('/third/launch', { provider: 'studio', gameCode: 'fortune-tiger' }, { token: p.token });
    expect(launch.body.code).toBe('ACCOUNT_FROZEN');
    expect(await cashOf(server, p.userId)).toBe(102_000n);
  });

  it('ends the studio sessions and unused launch tokens of a player who logs out, and still settles the bets made before', async () => {
    const p = await playing();
    const other = await playing();
    const unusedLaunchToken = await launchTokenOf(p.token);
    const won = debit(p, '10.00');
    await studio('debit', won);
    expect((await server.call('/user/logout', {}, { token: p.token })).body.res).toBe(1);

    expect((await studio('debit', debit(p, '1.00'))).body).toMatchObject({ status: 'error', code: 'SESSION_INVALID' });
    expect((await studio('authenticate', { launchToken: unusedLaunchToken })).body).toMatchObject({ code: 'SESSION_INVALID' });
    expect((await studio('credit', credit(p, won.roundId, '30.00'))).body).toMatchObject({ status: 'ok', balance: '1020.00' });
    expect((await studio('debit', debit(other, '1.00'))).body.status).toBe('ok');
  });
});

describe('credit ceilings', () => {
  // The provider `capped` allows 100.00 of credits per round and 150.00 per player per Kolkata day.
  beforeAll(() => addFortuneTiger('capped'));
  const credit = (
    p: { sessionToken: string; playerId: string },
    roundId: string,
    amount: string,
    transactionId = nextId('c'),
  ) => ({
    sessionToken: p.sessionToken,
    playerId: p.playerId,
    transactionId,
    roundId,
    amount,
  });
  const kept = async (transactionId: string) =>
    (
      await server.ctx.db.query("select 1 from provider_transactions where provider_id = 'capped' and transaction_id = $1", [
        transactionId,
      ])
    ).length;
  const refusedOverCeiling = async () => {
    const text = (await server.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/mayur_provider_credits_over_ceiling_total\{provider="capped"\} (\d+)/.exec(text)?.[1] ?? 0);
  };
  const capped = { provider: 'capped' };

  it('refuses a credit that would pass the round’s ceiling, keeping nothing, and counts it for the alert', async () => {
    const p = await playing(100_000n, 'capped');
    const round = nextId('r');
    await studio('debit', debit(p, '1.00', { round }), capped);
    const countBefore = await refusedOverCeiling();
    expect((await studio('credit', credit(p, round, '60.00'), capped)).body).toMatchObject({ status: 'ok', balance: '1059.00' });
    const over = credit(p, round, '40.01');
    expect((await studio('credit', over, capped)).body).toMatchObject({
      status: 'error',
      code: 'CREDIT_CEILING_REACHED',
      balance: '1059.00',
    });
    expect(await kept(over.transactionId)).toBe(0);
    expect(await refusedOverCeiling()).toBe(countBefore + 1);
    expect((await studio('credit', credit(p, round, '40.00'), capped)).body).toMatchObject({ status: 'ok', balance: '1099.00' });
    expect(await cashOf(server, p.userId)).toBe(109_900n);
  });

  it('refuses credits past the player’s day ceiling until the next Kolkata day, when the same call is accepted', async () => {
    const p = await playing(100_000n, 'capped');
    const other = await playing(100_000n, 'capped');
    const rounds = [nextId('r'), nextId('r'), nextId('r')];
    for (const round of rounds) await studio('debit', debit(p, '1.00', { round }), capped);
    const otherRound = nextId('r');
    await studio('debit', debit(other, '1.00', { round: otherRound }), capped);
    expect((await studio('credit', credit(p, rounds[0]!, '100.00'), capped)).body.status).toBe('ok');
    expect((await studio('credit', credit(p, rounds[1]!, '50.00'), capped)).body.status).toBe('ok');
    const over = credit(p, rounds[2]!, '0.01');
    expect((await studio('credit', over, capped)).body).toMatchObject({ code: 'CREDIT_CEILING_REACHED', balance: '1147.00' });
    // Closing a lost round moves nothing and passes; another player has a ceiling of their own.
    expect((await studio('credit', credit(p, rounds[2]!, '0.00'), capped)).body.status).toBe('ok');
    expect((await studio('credit', credit(other, otherRound, '100.00'), capped)).body.status).toBe('ok');
    server.clock.advance(86_400_000);
    expect((await studio('credit', over, capped)).body).toMatchObject({ status: 'ok', balance: '1147.01', isReplay: false });
    expect(await cashOf(server, p.userId)).toBe(114_701n);
  });

  it('judges the credits of one batch in arrival order against the player’s day ceiling', async () => {
    const settings = server.ctx.config.providers.list.find((provider) => provider.id === 'capped')!;
    const p = await playing(100_000n, 'capped');
    const rounds = [nextId('r'), nextId('r'), nextId('r')];
    for (const round of rounds) await studio('debit', debit(p, '1.00', { round }), capped);
    const win = (roundId: string, amountPaise: bigint) =>
      ({
        action: 'credit',
        sessionToken: p.sessionToken,
        playerId: p.userId,
        transactionId: nextId('c'),
        roundId,
        amountPaise,
      }) as const;
    const outcomes = await applyMoneyBatch(server.ctx, settings, [
      win(rounds[0]!, 10_000n),
      win(rounds[1]!, 6_000n),
      win(rounds[2]!, 5_000n),
    ]);
    expect(outcomes.map((o) => ('answer' in o ? o.answer.balancePaise : 'refusal' in o ? o.refusal.code : 'error'))).toEqual([
      109_700n,
      'CREDIT_CEILING_REACHED',
      114_700n,
    ]);
  });

  it('never lets parallel credits of one player pass the day ceiling, over HTTP or in concurrent batches', async () => {
    const settings = server.ctx.config.providers.list.find((provider) => provider.id === 'capped')!;
    const p = await playing(100_000n, 'capped');
    const rounds = Array.from({ length: 12 }, () => nextId('r'));
    for (const round of rounds) await studio('debit', debit(p, '1.00', { round }), capped);
    // 150.00 a day fits five credits of 30.00: six over HTTP at once, then six more in two concurrent batches.
    const overHttp = await Promise.all(
      rounds
        .slice(0, 6)
        .map((roundId) =>
          studio(
            'credit',
            { sessionToken: p.sessionToken, playerId: p.playerId, transactionId: nextId('c'), roundId, amount: '30.00' },
            capped,
          ),
        ),
    );
    expect(overHttp.filter((reply) => reply.body.status === 'ok')).toHaveLength(5);
    expect(overHttp.filter((reply) => reply.body.code === 'CREDIT_CEILING_REACHED')).toHaveLength(1);
    server.clock.advance(86_400_000);
    const win = (roundId: string) =>
      ({
        action: 'credit',
        sessionToken: p.sessionToken,
        playerId: p.userId,
        transactionId: nextId('c'),
        roundId,
        amountPaise: 3_000n,
      }) as const;
    const batches = await Promise.all([
      applyMoneyBatch(server.ctx, settings, rounds.slice(6, 9).map(win)),
      applyMoneyBatch(server.ctx, settings, rounds.slice(9, 12).map(win)),
    ]);
    const outcomes = batches.flat();
    expect(outcomes.filter((o) => 'answer' in o)).toHaveLength(5);
    expect(outcomes.filter((o) => 'refusal' in o && o.refusal.code === 'CREDIT_CEILING_REACHED')).toHaveLength(1);
    expect(await cashOf(server, p.userId)).toBe(100_000n - 1_200n + 30_000n);
  });
});

describe('currency', () => {
  it('refuses a call in a currency other than the provider’s, and a bet or win that names none, moving nothing', async () => {
    const p = await playing();
    const bet = debit(p, '10.00');
    expect(await studio('debit', { ...bet, currency: 'USD' })).toMatchObject({
      status: 400,
      body: { code: 'CURRENCY_MISMATCH' },
    });
    expect(await studio('debit', { ...bet, currency: undefined })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'body: currency' },
    });
    expect(await studio('balance', { sessionToken: p.sessionToken, playerId: p.playerId, currency: 'USD' })).toMatchObject({
      status: 400,
      body: { code: 'CURRENCY_MISMATCH' },
    });
    expect(await cashOf(server, p.userId)).toBe(100_000n);
    expect((await studio('debit', { ...bet, currency: 'INR' })).body).toMatchObject({ status: 'ok', balance: '990.00' });
  });
});

describe('reconciliation', () => {
  it('lists every mismatch between our day and the studio’s report', async () => {
    // A day of its own: the transactions of the tests above are on earlier days.
    server.clock.advance(2 * 86_400_000);
    const day = kolkataDay(server.clock.now().getTime());
    const p = await playing();
    const round = nextId('r');
    const bet = debit(p, '12.00', { round });
    const missing = debit(p, '3.00');
    await studio('debit', bet);
    await studio('debit', missing);
    report = {
      transactions: [
        { transactionId: bet.transactionId, kind: 'debit', roundId: round, playerId: p.playerId, amount: '12.00' },
        { transactionId: 'ghost-1', kind: 'credit', roundId: round, playerId: p.playerId, amount: '9.00' },
      ],
    };
    const result = await runProviderCommand(
      { db: server.ctx.db, clock: server.ctx.clock, log: server.ctx.log, providers: server.ctx.config.providers, actor: 'test' },
      'provider:reconcile',
      { provider: 'studio', day },
    );
    expect(result.isOk).toBe(false);
    const text = result.lines.join('\n');
    expect(text).toContain(`${missing.transactionId}: missing at the studio`);
    expect(text).toContain('ghost-1: missing here');
    expect(text).not.toContain(`${bet.transactionId}:`);
    expect(text).toContain('ours:   2 transactions: debits 15.00, credits 0.00, rollbacks 0.00');
    expect(result.lines.filter((line) => line.startsWith('    '))).toHaveLength(2);
    // Once the studio reports what we kept, the day is clean.
    report = {
      transactions: [
        { transactionId: bet.transactionId, kind: 'debit', roundId: round, playerId: p.playerId, amount: '12.00' },
        { transactionId: missing.transactionId, kind: 'debit', roundId: missing.roundId, playerId: p.playerId, amount: '3.00' },
      ],
    };
    const clean = await runProviderCommand(
      { db: server.ctx.db, clock: server.ctx.clock, log: server.ctx.log, providers: server.ctx.config.providers, actor: 'test' },
      'provider:reconcile',
      { provider: 'studio', day },
    );
    expect(clean).toMatchObject({ isOk: true });
    expect(clean.lines).toContain('  no mismatch');
  });
});
