import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// Strict-Transport-Security tells a browser to use HTTPS only, and it is only honoured, and only
// truthful, on an answer that came over HTTPS: a TLS connection to the server, or a trusted proxy's
// `X-Forwarded-Proto: https` (TRUST_PROXY, decision 0010).

const HSTS = 'strict-transport-security';
const ENDPOINT = '/api/user/findRegistSwitch';

let direct: TestServer;
let behindProxy: TestServer;
beforeAll(async () => {
  direct = await startTestServer();
  behindProxy = await startTestServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await direct.stop();
  await behindProxy.stop();
});

/** The answer's HSTS header over a real TLS connection (TLS 1.2 with a pre-shared key: no certificate to keep). */
async function hstsOverTls(server: TestServer): Promise<string | undefined> {
  const key = Buffer.alloc(32, 7);
  const tls = { pskCallback: () => key, ciphers: 'PSK-AES128-GCM-SHA256', maxVersion: 'TLSv1.2' as const };
  await server.app.ready();
  const listener = https.createServer(tls, (request, response) => server.app.routing(request, response));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  try {
    return await new Promise((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port: (listener.address() as AddressInfo).port,
          path: ENDPOINT,
          method: 'POST',
          agent: new https.Agent({
            ciphers: tls.ciphers,
            maxVersion: tls.maxVersion,
            pskCallback: () => ({ psk: key, identity: 'test' }),
            checkServerIdentity: () => undefined,
          }),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.headers[HSTS] as string | undefined));
        },
      );
      request.on('error', reject);
      request.end();
    });
  } finally {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  }
}

describe('Strict-Transport-Security', () => {
  it('is not sent on plain HTTP', async () => {
    const response = await direct.app.inject({ method: 'POST', url: ENDPOINT });
    expect(response.statusCode).toBe(200);
    expect(response.headers[HSTS]).toBeUndefined();
  });

  it('is sent on a TLS connection to the server', async () => {
    expect(await hstsOverTls(direct)).toBe('max-age=31536000; includeSubDomains');
  });

  it('is sent when a trusted proxy says the client used HTTPS', async () => {
    const response = await behindProxy.app.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.headers[HSTS]).toBe('max-age=31536000; includeSubDomains');
    const plain = await behindProxy.app.inject({ method: 'POST', url: ENDPOINT, headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers[HSTS]).toBeUndefined();
  });

  it('is not sent on a client’s own X-Forwarded-Proto when no proxy is trusted', async () => {
    const response = await direct.app.inject({ method: 'POST', url: ENDPOINT, headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers[HSTS]).toBeUndefined();
  });
});
