import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

// Who reaches the back office when it sits behind a proxy: the gate believes X-Forwarded-For only from
// a configured proxy's address, so a client that reaches a node directly cannot name an allowed address.

async function me(server: TestServer, peer: string, forwardedFor?: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/admin-api/auth/me',
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: '{}',
    remoteAddress: peer,
  });
  return response.statusCode;
}

describe('the back office behind a proxy', () => {
  it('with TRUST_PROXY=1 believes X-Forwarded-For only from ADMIN_TRUSTED_PROXIES, never from a direct client', async () => {
    const server = await startTestServer({
      TRUST_PROXY: '1',
      ADMIN_ALLOWED_IPS: '10.0.0.0/8',
      ADMIN_TRUSTED_PROXIES: '192.0.2.10',
    });
    try {
      // A client on the internet reaching the node directly, writing an allowed address itself.
      expect(await me(server, '203.0.113.9', '10.0.0.5')).toBe(404);
      // The same through the proxy: the proxy wrote the address it saw.
      expect(await me(server, '192.0.2.10', '10.0.0.5')).toBe(401);
      expect(await me(server, '::ffff:192.0.2.10', '10.0.0.5')).toBe(401);
      // Through the proxy from an address outside the list.
      expect(await me(server, '192.0.2.10', '203.0.113.9')).toBe(404);
      // Entries a client wrote before the proxy's are never read: the proxy appended the client's real address.
      expect(await me(server, '192.0.2.10', '10.0.0.5, 203.0.113.9')).toBe(404);
      // The proxy itself, with nothing forwarded, is judged by its own address.
      expect(await me(server, '192.0.2.10')).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('with TRUST_PROXY as the proxies’ addresses uses that list, so a direct client is judged by its own address', async () => {
    const server = await startTestServer({ TRUST_PROXY: '192.0.2.0/24', ADMIN_ALLOWED_IPS: '10.0.0.0/8' });
    try {
      expect(await me(server, '203.0.113.9', '10.0.0.5')).toBe(404);
      expect(await me(server, '192.0.2.10', '10.0.0.5')).toBe(401);
      // Two proxies of the list in a row: the entry before them is the client.
      expect(await me(server, '192.0.2.10', '10.0.0.5, 192.0.2.11')).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with ADMIN_ALLOWED_IPS and TRUST_PROXY as a number of proxies but no proxy addresses', async () => {
    await expect(startTestServer({ TRUST_PROXY: '1', ADMIN_ALLOWED_IPS: '10.0.0.0/8' })).rejects.toThrow(
      /ADMIN_ALLOWED_IPS.*TRUST_PROXY=1.*ADMIN_TRUSTED_PROXIES/,
    );
  });
});
