import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidTronAddress, tronAddressFromHex } from '../src/modules/payments/usdt/tron-address.ts';

export type FakeTransferInput = {
  txid?: string;
  contractAddress: string;
  from?: string;
  to: string;
  valueMicro: bigint;
  blockNumber: number;
  isSuccess?: boolean;
  /** The account whose listing reports the transfer, when a faulty node files it under another one than `to`. */
  listedUnder?: string;
};

export type FakeTronNode = {
  url: string;
  setNowBlock(blockNumber: number): void;
  /** Records a transfer the node reports from now on, and answers its txid. */
  addTransfer(transfer: FakeTransferInput): string;
  /** The path and query of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
};

type FakeTransfer = Required<Omit<FakeTransferInput, 'listedUnder'>> & { listedUnder: string; sequence: number };

/** TRON produces a block every 3 s; the fake dates block n at this origin plus n × 3 s. */
const FAKE_CHAIN_ORIGIN_MS = Date.UTC(2026, 0, 1);
const BLOCK_INTERVAL_MS = 3_000;
const TRONGRID_DEFAULT_LIMIT = 20;
const TRONGRID_MAX_LIMIT = 200;
const MAX_REQUEST_BODY_BYTES = 64 * 1024;
const TRC20_PATH = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/;

/**
 * A TRON HTTP node on 127.0.0.1 that answers POST /wallet/getnowblock, POST
 * /wallet/gettransactioninfobyid and GET /v1/accounts/:address/transactions/trc20 in TronGrid's
 * shapes. Like a careless node it ignores contract_address and lists every transfer to the address,
 * failed ones included, so callers have to check the contract and the receipt themselves. A transfer
 * is reported as soon as it is added, whatever the now block.
 */
export async function startFakeTronNode(): Promise<FakeTronNode> {
  let nowBlock = 0;
  const transfers: FakeTransfer[] = [];
  const requests: string[] = [];

  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    route(request, response).catch((error: unknown) => sendJson(response, 500, { Error: String(error) }));
  });

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake-tron-node');
    if (url.pathname === '/wallet/getnowblock') {
      if (request.method !== 'POST' && request.method !== 'GET') return sendJson(response, 405, { Error: 'method' });
      await readBody(request);
      return sendJson(response, 200, nowBlockJson(nowBlock));
    }
    if (url.pathname === '/wallet/gettransactioninfobyid') {
      if (request.method !== 'POST') return sendJson(response, 405, { Error: 'method' });
      const value = parseValue(await readBody(request));
      if (value === null) return sendJson(response, 400, { Error: 'body must be {"value": "<txid>"}' });
      const transfer = transfers.find((candidate) => candidate.txid === value.toLowerCase());
      return sendJson(response, 200, transfer ? transactionInfoJson(transfer) : {});
    }
    const trc20Match = TRC20_PATH.exec(url.pathname);
    if (trc20Match) {
      if (request.method !== 'GET') return sendJson(response, 405, { Error: 'method' });
      return sendJson(response, 200, trc20ListJson(transfers, decodeURIComponent(trc20Match[1]!), url.searchParams));
    }
    return sendJson(response, 404, { Error: `no route for ${request.method} ${url.pathname}` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setNowBlock(blockNumber) {
      assertBlockNumber(blockNumber);
      nowBlock = blockNumber;
    },
    addTransfer(input) {
      const transfer = checkTransfer(input, transfers.length);
      if (transfers.some((existing) => existing.txid === transfer.txid)) throw new Error(`duplicate txid ${transfer.txid}`);
      transfers.push(transfer);
      return transfer.txid;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

function checkTransfer(input: FakeTransferInput, sequence: number): FakeTransfer {
  const txid = (input.txid ?? randomBytes(32).toString('hex')).toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new Error('txid must be 64 hex characters');
  const from = input.from ?? tronAddressFromHex(`41${randomBytes(20).toString('hex')}`);
  const listedUnder = input.listedUnder ?? input.to;
  for (const [name, address] of Object.entries({ contractAddress: input.contractAddress, from, to: input.to, listedUnder })) {
    if (!isValidTronAddress(address)) throw new Error(`${name} must be a base58check TRON address`);
  }
  if (typeof input.valueMicro !== 'bigint' || input.valueMicro < 0n) throw new Error('valueMicro must be a bigint ≥ 0');
  assertBlockNumber(input.blockNumber);
  return { ...input, txid, from, listedUnder, isSuccess: input.isSuccess ?? true, sequence };
}

function assertBlockNumber(blockNumber: number): void {
  if (!Number.isSafeInteger(blockNumber) || blockNumber < 0) throw new Error('block number must be an integer ≥ 0');
}

function blockTimestampMs(blockNumber: number): number {
  return FAKE_CHAIN_ORIGIN_MS + blockNumber * BLOCK_INTERVAL_MS;
}

/** java-tron's block id starts with the block number in 8 bytes, followed by 24 bytes of the block hash. */
function nowBlockJson(blockNumber: number) {
  const blockId = blockNumber.toString(16).padStart(16, '0') + randomBytes(24).toString('hex');
  return {
    blockID: blockId,
    block_header: {
      raw_data: { number: blockNumber, timestamp: blockTimestampMs(blockNumber), version: 31 },
      witness_signature: randomBytes(65).toString('hex'),
    },
  };
}

function transactionInfoJson(transfer: FakeTransfer) {
  return {
    id: transfer.txid,
    blockNumber: transfer.blockNumber,
    blockTimeStamp: blockTimestampMs(transfer.blockNumber),
    receipt: { result: transfer.isSuccess ? 'SUCCESS' : 'REVERT' },
  };
}

function trc20ListJson(transfers: FakeTransfer[], address: string, query: URLSearchParams) {
  const isOnlyTo = query.get('only_to') === 'true';
  const requestedLimit = Number(query.get('limit') ?? TRONGRID_DEFAULT_LIMIT);
  const limit =
    Number.isInteger(requestedLimit) && requestedLimit > 0
      ? Math.min(requestedLimit, TRONGRID_MAX_LIMIT)
      : TRONGRID_DEFAULT_LIMIT;
  // contract_address is deliberately ignored; TronGrid lists the newest first.
  const data = transfers
    .filter((transfer) => transfer.listedUnder === address || (!isOnlyTo && transfer.from === address))
    .sort((a, b) => b.blockNumber - a.blockNumber || b.sequence - a.sequence)
    .slice(0, limit)
    .map((transfer) => ({
      transaction_id: transfer.txid,
      token_info: { symbol: 'USDT', address: transfer.contractAddress, decimals: 6, name: 'Tether USD' },
      block_timestamp: blockTimestampMs(transfer.blockNumber),
      from: transfer.from,
      to: transfer.to,
      type: 'Transfer',
      value: transfer.valueMicro.toString(),
    }));
  return { data, success: true, meta: { at: Date.now(), page_size: data.length } };
}

function parseValue(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    const value = typeof parsed === 'object' && parsed !== null ? (parsed as { value?: unknown }).value : undefined;
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let totalBytes = 0;
  for await (const chunk of request) {
    totalBytes += (chunk as Buffer).length;
    if (totalBytes > MAX_REQUEST_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
