import { z } from 'zod';
import { isValidTronAddress } from './tron-address.ts';

export const DEFAULT_TRON_TIMEOUT_MS = 10_000;
const MAX_TRON_TIMEOUT_MS = 120_000;
/** TronGrid's largest page; one page is all a single call reads. */
export const MAX_TRC20_TRANSFERS_PER_CALL = 200;
/** 200 transfers are about 100 KB of JSON; anything far bigger is not an answer to our question. */
const MAX_RESPONSE_BYTES = 2_000_000;
const MAX_QUOTED_BODY_CHARS = 200;

export type TronClientOptions = { baseUrl: string; apiKey?: string; timeoutMs?: number };

export type TronTransactionInfo = { blockNumber: number; isSuccess: boolean };

/** One TRC20 transfer as the node reports it; the caller checks contract, recipient and type itself. */
export type Trc20Transfer = {
  txid: string;
  contractAddress: string;
  decimals: number;
  from: string;
  to: string;
  /** The raw integer amount in the token's smallest unit (micro-USDT for USDT, which has 6 decimals). */
  valueMicro: bigint;
  blockTimestampMs: number;
  type: string;
};

export type TronClient = {
  getNowBlockNumber(): Promise<number>;
  /** Null when the node does not know the transaction (yet). */
  getTransactionInfo(txid: string): Promise<TronTransactionInfo | null>;
  listIncomingTrc20(address: string, contractAddress: string): Promise<Trc20Transfer[]>;
};

export type TronNodeErrorReason =
  'UNREACHABLE' | 'TIMEOUT' | 'HTTP_STATUS' | 'NODE_ERROR' | 'MALFORMED_RESPONSE' | 'RESPONSE_TOO_LARGE';

/** The node failed us: it could not be reached, answered late, refused, or said something we cannot trust. */
export class TronNodeError extends Error {
  constructor(
    readonly reason: TronNodeErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TronNodeError';
  }
}

const ZTxid = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters');
const ZTronAddress = z.string().max(64).refine(isValidTronAddress, 'must be a base58check TRON address');

export const ZNowBlockResponse = z.object({
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative() }) }),
});

export const ZTransactionInfoResponse = z.object({
  id: ZTxid,
  blockNumber: z.number().int().nonnegative(),
  receipt: z.object({ result: z.string().max(64).optional() }).optional(),
  result: z.string().max(64).optional(),
});

export const ZTrc20TransferItem = z.object({
  transaction_id: ZTxid,
  token_info: z.object({ address: ZTronAddress, decimals: z.number().int().min(0).max(77) }),
  block_timestamp: z.number().int().nonnegative(),
  from: ZTronAddress,
  to: ZTronAddress,
  type: z.string().max(64),
  // A uint256 has at most 78 decimal digits; signs, decimals points and exponents are not amounts.
  value: z.string().regex(/^[0-9]{1,78}$/, 'must be a decimal string of digits'),
});

export const ZTrc20TransfersResponse = z.object({
  success: z.boolean().optional(),
  data: z.array(ZTrc20TransferItem).max(MAX_TRC20_TRANSFERS_PER_CALL),
});

export function createTronClient(options: TronClientOptions): TronClient {
  const baseUrl = checkBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRON_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TRON_TIMEOUT_MS) {
    throw new Error(`timeoutMs must be an integer from 1 to ${MAX_TRON_TIMEOUT_MS}`);
  }
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    callNode({ baseUrl, apiKey: options.apiKey, timeoutMs }, method, path, body);

  return {
    async getNowBlockNumber() {
      const json = await call('POST', '/wallet/getnowblock', {});
      return parseResponse(ZNowBlockResponse, json, 'POST /wallet/getnowblock').block_header.raw_data.number;
    },

    async getTransactionInfo(txid) {
      if (!ZTxid.safeParse(txid).success) throw new Error('txid must be 64 hex characters');
      const what = 'POST /wallet/gettransactioninfobyid';
      const json = await call('POST', '/wallet/gettransactioninfobyid', { value: txid });
      // java-tron answers {} for a transaction it has not put in a block (or never saw).
      if (isPlainObject(json) && Object.keys(json).length === 0) return null;
      const info = parseResponse(ZTransactionInfoResponse, json, what);
      if (info.id.toLowerCase() !== txid.toLowerCase()) {
        throw new TronNodeError('MALFORMED_RESPONSE', `${what}: asked about ${txid}, answered about ${info.id}`);
      }
      // A TRC20 transfer is a smart-contract call, for which java-tron writes receipt.result ('SUCCESS',
      // 'REVERT', 'OUT_OF_ENERGY', …). Anything but 'SUCCESS', a missing result included, must not credit
      // money; a top-level result 'FAILED' also marks a failed transaction.
      const isSuccess = info.receipt?.result === 'SUCCESS' && info.result !== 'FAILED';
      return { blockNumber: info.blockNumber, isSuccess };
    },

    async listIncomingTrc20(address, contractAddress) {
      if (!isValidTronAddress(address)) throw new Error('address must be a base58check TRON address');
      if (!isValidTronAddress(contractAddress)) throw new Error('contractAddress must be a base58check TRON address');
      const query = new URLSearchParams({
        only_to: 'true',
        limit: String(MAX_TRC20_TRANSFERS_PER_CALL),
        contract_address: contractAddress,
      });
      const what = 'GET /v1/accounts/:address/transactions/trc20';
      const json = await call('GET', `/v1/accounts/${address}/transactions/trc20?${query}`);
      return parseResponse(ZTrc20TransfersResponse, json, what).data.map(toTrc20Transfer);
    },
  };
}

function toTrc20Transfer(item: z.infer<typeof ZTrc20TransferItem>): Trc20Transfer {
  return {
    txid: item.transaction_id.toLowerCase(),
    contractAddress: item.token_info.address,
    decimals: item.token_info.decimals,
    from: item.from,
    to: item.to,
    valueMicro: BigInt(item.value),
    blockTimestampMs: item.block_timestamp,
    type: item.type,
  };
}

type NodeConnection = { baseUrl: string; apiKey: string | undefined; timeoutMs: number };

/**
 * One request, bounded in time and size, answering parsed JSON. Messages name the method and path
 * only: some providers put their access token in the base URL, and it must not reach the logs.
 */
async function callNode(node: NodeConnection, method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  const what = `${method} ${path.split('?')[0]}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (node.apiKey) headers['TRON-PRO-API-KEY'] = node.apiKey;
  const signal = AbortSignal.timeout(node.timeoutMs);
  let status: number;
  let bytes: Uint8Array;
  try {
    const response = await fetch(`${node.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      // A followed redirect would carry the API key to whatever host the node names.
      redirect: 'error',
    });
    status = response.status;
    bytes = await readBodyBytes(response, what);
  } catch (error) {
    if (error instanceof TronNodeError) throw error;
    if (signal.aborted) {
      throw new TronNodeError('TIMEOUT', `${what}: the TRON node did not answer within ${node.timeoutMs} ms`, { cause: error });
    }
    throw new TronNodeError('UNREACHABLE', `${what}: the TRON node could not be reached: ${describeError(error)}`, {
      cause: error,
    });
  }
  const text = decodeUtf8(bytes, what);
  if (status < 200 || status > 299) {
    throw new TronNodeError('HTTP_STATUS', `${what}: the TRON node answered HTTP ${status}: ${quote(text)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TronNodeError('MALFORMED_RESPONSE', `${what}: the TRON node answered invalid JSON: ${quote(text)}`);
  }
  throwIfNodeRefused(json, what);
  return json;
}

/** java-tron reports errors as {"Error": "…"} with HTTP 200; TronGrid v1 as {"success": false, "error": "…"}. */
function throwIfNodeRefused(json: unknown, what: string): void {
  if (!isPlainObject(json)) return;
  if (typeof json.Error === 'string') {
    throw new TronNodeError('NODE_ERROR', `${what}: the TRON node refused: ${quote(json.Error)}`);
  }
  if (json.success === false) {
    throw new TronNodeError('NODE_ERROR', `${what}: the TRON node refused: ${quote(String(json.error ?? 'no reason given'))}`);
  }
}

async function readBodyBytes(response: Response, what: string): Promise<Uint8Array> {
  const tooLarge = () => new TronNodeError('RESPONSE_TOO_LARGE', `${what}: the response exceeds ${MAX_RESPONSE_BYTES} bytes`);
  if (Number(response.headers.get('content-length')) > MAX_RESPONSE_BYTES) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let totalBytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    totalBytes += value.byteLength;
    if (totalBytes > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function decodeUtf8(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TronNodeError('MALFORMED_RESPONSE', `${what}: the response is not UTF-8 text`);
  }
}

function parseResponse<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issues = result.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(response)'} ${issue.message}`)
    .join('; ');
  throw new TronNodeError('MALFORMED_RESPONSE', `${what}: unexpected response: ${issues}`);
}

function checkBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('baseUrl must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('baseUrl must be an absolute http(s) URL');
  return text.replace(/\/+$/, '');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function quote(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED_BODY_CHARS ? `${text.slice(0, MAX_QUOTED_BODY_CHARS)}…` : text);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici hides the socket-level reason (ECONNREFUSED, …) in `cause`.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
