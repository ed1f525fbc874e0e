import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTronNode, type FakeTronNode } from '../../../../test/fake-tron-node.ts';
import { createTronClient, TronNodeError, type TronClient } from './tron-client.ts';

// Tether USD on TRON mainnet, as in developers.tron.network's TRC-20 transfer history example.
const USDT_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OTHER_CONTRACT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const DEPOSIT_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const PAYER = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC';
const TXID = 'ab'.repeat(32);

describe('TRON client against the fake TronGrid node', () => {
  let node: FakeTronNode;
  let client: TronClient;

  beforeAll(async () => {
    node = await startFakeTronNode();
    client = createTronClient({ baseUrl: node.url, timeoutMs: 5_000 });
  });
  afterAll(() => node.close());

  it('reads the now block number', async () => {
    node.setNowBlock(71_234_567);
    expect(await client.getNowBlockNumber()).toBe(71_234_567);
    expect(node.requests.at(-1)).toBe('/wallet/getnowblock');
  });

  it('answers null for a transaction the node does not know', async () => {
    expect(await client.getTransactionInfo('cd'.repeat(32))).toBeNull();
  });

  it('reports a successful and a reverted transfer with their block numbers', async () => {
    const succeeded = node.addTransfer({ contractAddress: USDT_CONTRACT, to: DEPOSIT_ADDRESS, valueMicro: 1n, blockNumber: 100 });
    const reverted = node.addTransfer({
      contractAddress: USDT_CONTRACT,
      to: DEPOSIT_ADDRESS,
      valueMicro: 1n,
      blockNumber: 101,
      isSuccess: false,
    });
    expect(await client.getTransactionInfo(succeeded)).toEqual({ blockNumber: 100, isSuccess: true });
    expect(await client.getTransactionInfo(reverted.toUpperCase())).toEqual({ blockNumber: 101, isSuccess: false });
  });

  it('maps transfers to the address, other contracts included: the caller must check the contract', async () => {
    const address = 'TLrpNTBuCpGMrB9TyVwgEhNVRhtWEQPHh4';
    node.addTransfer({
      txid: TXID,
      contractAddress: USDT_CONTRACT,
      from: PAYER,
      to: address,
      valueMicro: 25_000_000n,
      blockNumber: 200,
    });
    node.addTransfer({ contractAddress: OTHER_CONTRACT, from: PAYER, to: address, valueMicro: 10n ** 30n, blockNumber: 201 });
    node.addTransfer({ contractAddress: USDT_CONTRACT, from: address, to: PAYER, valueMicro: 5n, blockNumber: 202 });

    const transfers = await client.listIncomingTrc20(address, USDT_CONTRACT);

    expect(node.requests.at(-1)).toBe(
      `/v1/accounts/${address}/transactions/trc20?only_to=true&limit=200&contract_address=${USDT_CONTRACT}`,
    );
    expect(transfers).toEqual([
      {
        txid: expect.stringMatching(/^[0-9a-f]{64}$/),
        contractAddress: OTHER_CONTRACT,
        decimals: 6,
        from: PAYER,
        to: address,
        valueMicro: 10n ** 30n,
        blockTimestampMs: expect.any(Number),
        type: 'Transfer',
      },
      {
        txid: TXID,
        contractAddress: USDT_CONTRACT,
        decimals: 6,
        from: PAYER,
        to: address,
        valueMicro: 25_000_000n,
        blockTimestampMs: expect.any(Number),
        type: 'Transfer',
      },
    ]);
    expect(transfers[0]!.blockTimestampMs - transfers[1]!.blockTimestampMs).toBe(3_000);
  });

  it('answers an empty list for an address without transfers', async () => {
    expect(await client.listIncomingTrc20('TZJ9qkoxUB1SGdbtChgAjUphBmkJwAeBaW', USDT_CONTRACT)).toEqual([]);
  });

  it('refuses malformed arguments before asking the node', async () => {
    const requestCount = node.requests.length;
    await expect(client.getTransactionInfo('not-a-txid')).rejects.toThrow(/64 hex/);
    await expect(client.listIncomingTrc20('TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeD', USDT_CONTRACT)).rejects.toThrow(/address/);
    await expect(client.listIncomingTrc20(DEPOSIT_ADDRESS, '../../wallet/getnowblock')).rejects.toThrow(/contractAddress/);
    expect(node.requests.length).toBe(requestCount);
  });
});

type ScriptedAnswer = { status?: number; body: string } | 'hang';

/** A node that answers whatever the test scripts, to play the malformed, slow and hostile nodes. */
async function startScriptedNode(answer: (request: IncomingMessage) => ScriptedAnswer) {
  const seenHeaders: IncomingHttpHeaders[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    seenHeaders.push(request.headers);
    const scripted = answer(request);
    if (scripted === 'hang') return;
    response.writeHead(scripted.status ?? 200, { 'content-type': 'application/json' });
    response.end(scripted.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seenHeaders,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function nodeErrorOf(promise: Promise<unknown>): Promise<TronNodeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TronNodeError);
  return error as TronNodeError;
}

const VALID_ITEM = {
  transaction_id: TXID,
  token_info: { symbol: 'USDT', address: USDT_CONTRACT, decimals: 6, name: 'Tether USD' },
  block_timestamp: 1_767_225_600_000,
  from: PAYER,
  to: DEPOSIT_ADDRESS,
  type: 'Transfer',
  value: '1000000',
};

describe('TRON client against misbehaving nodes', () => {
  it('sends the API key header only when one is configured', async () => {
    const scripted = await startScriptedNode(() => ({ body: JSON.stringify({ block_header: { raw_data: { number: 7 } } }) }));
    try {
      await createTronClient({ baseUrl: scripted.url, apiKey: 'key-123' }).getNowBlockNumber();
      await createTronClient({ baseUrl: `${scripted.url}/` }).getNowBlockNumber();
      expect(scripted.seenHeaders[0]!['tron-pro-api-key']).toBe('key-123');
      expect(scripted.seenHeaders[1]!['tron-pro-api-key']).toBeUndefined();
    } finally {
      await scripted.close();
    }
  });

  it('turns every malformed answer into a TronNodeError that says what was wrong', async () => {
    const cases: Array<{
      answer: ScriptedAnswer;
      call: (client: TronClient) => Promise<unknown>;
      reason: string;
      message: RegExp;
    }> = [
      { answer: { body: 'not json' }, call: (c) => c.getNowBlockNumber(), reason: 'MALFORMED_RESPONSE', message: /invalid JSON/ },
      {
        answer: { body: '{"block_header":{}}' },
        call: (c) => c.getNowBlockNumber(),
        reason: 'MALFORMED_RESPONSE',
        message: /raw_data/,
      },
      {
        answer: { body: '{"block_header":{"raw_data":{"number":"12"}}}' },
        call: (c) => c.getNowBlockNumber(),
        reason: 'MALFORMED_RESPONSE',
        message: /number/,
      },
      { answer: { status: 503, body: 'busy' }, call: (c) => c.getNowBlockNumber(), reason: 'HTTP_STATUS', message: /HTTP 503/ },
      {
        answer: { body: '{"Error":"class org.tron.core.exception.BadItemException"}' },
        call: (c) => c.getTransactionInfo(TXID),
        reason: 'NODE_ERROR',
        message: /BadItemException/,
      },
      {
        answer: { body: JSON.stringify({ id: 'ef'.repeat(32), blockNumber: 1, receipt: { result: 'SUCCESS' } }) },
        call: (c) => c.getTransactionInfo(TXID),
        reason: 'MALFORMED_RESPONSE',
        message: /answered about/,
      },
      {
        answer: { body: JSON.stringify({ id: TXID, blockNumber: -1 }) },
        call: (c) => c.getTransactionInfo(TXID),
        reason: 'MALFORMED_RESPONSE',
        message: /blockNumber/,
      },
      {
        answer: { body: JSON.stringify({ success: true, data: [{ ...VALID_ITEM, value: '1e6' }] }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'MALFORMED_RESPONSE',
        message: /data\.0\.value/,
      },
      {
        answer: { body: JSON.stringify({ success: true, data: [{ ...VALID_ITEM, value: '-5' }] }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'MALFORMED_RESPONSE',
        message: /value/,
      },
      {
        answer: { body: JSON.stringify({ success: true, data: [{ ...VALID_ITEM, to: '41' + 'a'.repeat(40) }] }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'MALFORMED_RESPONSE',
        message: /data\.0\.to/,
      },
      {
        answer: { body: JSON.stringify({ success: true, data: Array.from({ length: 201 }, () => VALID_ITEM) }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'MALFORMED_RESPONSE',
        message: /data/,
      },
      {
        answer: { body: JSON.stringify({ success: false, error: 'rate limited', statusCode: 429 }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'NODE_ERROR',
        message: /rate limited/,
      },
      {
        answer: { body: JSON.stringify({ success: true, data: [], padding: 'x'.repeat(2_100_000) }) },
        call: (c) => c.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT),
        reason: 'RESPONSE_TOO_LARGE',
        message: /exceeds/,
      },
    ];
    for (const testCase of cases) {
      const scripted = await startScriptedNode(() => testCase.answer);
      try {
        const error = await nodeErrorOf(testCase.call(createTronClient({ baseUrl: scripted.url })));
        expect({ reason: error.reason, message: error.message }).toEqual({
          reason: testCase.reason,
          message: expect.stringMatching(testCase.message),
        });
      } finally {
        await scripted.close();
      }
    }
  });

  it('gives up quickly on a node that does not answer', async () => {
    const scripted = await startScriptedNode(() => 'hang');
    try {
      const client = createTronClient({ baseUrl: scripted.url, timeoutMs: 150 });
      const startedMs = Date.now();
      const error = await nodeErrorOf(client.listIncomingTrc20(DEPOSIT_ADDRESS, USDT_CONTRACT));
      expect(error.reason).toBe('TIMEOUT');
      expect(error.message).toMatch(/did not answer within 150 ms/);
      expect(Date.now() - startedMs).toBeLessThan(2_000);
    } finally {
      await scripted.close();
    }
  });

  it('reports a node that cannot be reached', async () => {
    const scripted = await startScriptedNode(() => ({ body: '{}' }));
    const url = scripted.url;
    await scripted.close();
    const error = await nodeErrorOf(createTronClient({ baseUrl: url }).getNowBlockNumber());
    expect(error.reason).toBe('UNREACHABLE');
  });
});
