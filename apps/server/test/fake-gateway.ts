import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedHeaders, verifySignature } from '../src/platform/http/hmac-signature.ts';

// A stand-in for an outside UPI/bank gateway speaking the `gateway-hmac` protocol on loopback: it
// checks our signed requests, answers with signed replies, and can be told how payouts end.

export type FakeGateway = {
  url: string;
  secret: string;
  merchantId: string;
  /** Every request we received, with whether its signature was valid. */
  requests: Array<{ path: string; body: any; isSigned: boolean }>;
  payoutReply: { status: 'paid' | 'failed' | 'pending'; reason?: string };
  /** Answers with a reply signed by the wrong key (a man in the middle). */
  isReplyForged: boolean;
  close(): Promise<void>;
};

export async function startFakeGateway(now: () => number): Promise<FakeGateway> {
  const secret = 'fake-gateway-secret-0123456789abcdef';
  const gateway: FakeGateway = {
    url: '',
    secret,
    merchantId: 'M-TEST',
    requests: [],
    payoutReply: { status: 'paid' },
    isReplyForged: false,
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const check = verifySignature(secret, request.headers, raw, now(), 300_000);
      const body = raw ? JSON.parse(raw) : {};
      gateway.requests.push({ path: request.url ?? '', body, isSigned: check.isValid });
      if (!check.isValid) {
        response.writeHead(401).end('{"error":"signature"}');
        return;
      }
      const reply =
        request.url === '/orders'
          ? { payUrl: `https://gateway.example/pay/${body.orderNo}` }
          : { ...gateway.payoutReply, reference: `GW-${body.withdrawNo}` };
      const text = JSON.stringify(reply);
      response.writeHead(200, signedHeaders(gateway.isReplyForged ? 'someone-else-entirely-0123456789ab' : secret, now(), text));
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.close = () => new Promise((resolve) => server.close(() => resolve()));
  return gateway;
}

export function gatewayEnv(gateway: FakeGateway): Record<string, string> {
  return {
    PAYMENT_GATEWAY: 'gateway-hmac',
    GATEWAY_URL: gateway.url,
    GATEWAY_MERCHANT_ID: gateway.merchantId,
    GATEWAY_SECRET: gateway.secret,
  };
}
