import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { PRODUCTION_ENV } from '../../../test/platform-production-env.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

describe('platform endpoints', () => {
  it('answers the health check with the database kind', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('exposes Prometheus metrics that count API requests', async () => {
    await server.call('/user/findRegistSwitch');
    const response = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /mayur_http_requests_total\{route="\/api\/user\/findRegistSwitch",method="POST",status="200"\} 1/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it('serves an OpenAPI document generated from the contracts', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/user/login');
    const login = document.paths['/api/user/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['mobile', 'password']);
    const ui = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('sets security headers: websockets only to this origin, framing refused by both headers', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/user/findRegistSwitch' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    const directives = new Map(
      policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/) as [string, ...string[]])
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // HSTS only over HTTPS (strict-transport.int.test.ts); this request is plain HTTP.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives every request an id of its own, whatever id the client sends', async () => {
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/user/findRegistSwitch',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    const second = await server.app.inject({
      method: 'POST',
      url: '/api/user/findRegistSwitch',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('says clearly when no app download is installed', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/download/app.apk' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });

  it('lists notices newest first with paging', async () => {
    await server.ctx.db.query(
      "insert into notices (title, message, created_at) values ('Old', 'old news', now() - interval '1 day'), ('New', 'new news', now())",
    );
    const page = await server.call('/user/findNotice', { pageNum: 1, pageSize: 1 });
    expect(page.body.obj).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(page.body.obj.list.map((notice: any) => notice.title)).toEqual(['New']);
    const urls = await server.call('/user/getNoticeUrl');
    expect(urls.body.obj[0]).toEqual({ message: 'new news', download_url: '', main_url: '', promotion_url: '' });
  });
});

describe('demo content', () => {
  it('is seeded once, however often the server starts on the same database', async () => {
    const first = await startTestServer({ SEED_DEMO: 'true' });
    try {
      const login = await first.call('/user/login', { mobile: '9000000001', password: 'Demo@12345' });
      expect(login.body.obj.user).toMatchObject({
        nickName: 'Demo Player',
        promotionCode: 'MAYUR001',
        email: 'demo@mayur.local',
      });
      const { seedDemo } = await import('../../seed/seed-demo.ts');
      expect(await seedDemo(first.ctx.db, first.hasher, first.ctx.log)).toBe(false);
      const notices = await first.call('/user/findNotice');
      expect(notices.body.obj.total).toBe(2);
      expect((await first.call('/user/getNoticeUrl')).body.obj[0].message).toMatch(/^Welcome to Mayur/);
    } finally {
      await first.stop();
    }
  });
});

describe('operator endpoints in production', () => {
  it('serves neither metrics nor the API documents to the public', async () => {
    const production = await startTestServer(PRODUCTION_ENV);
    try {
      for (const url of ['/metrics', '/api/docs/json', '/api/docs/', '/api/docs']) {
        const response = await production.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toMatch(/mayur_http_requests_total|openapi|swagger/);
      }
    } finally {
      await production.stop();
    }
  });

  it('serves metrics to a scraper presenting METRICS_TOKEN, and API documents when API_DOCS is on', async () => {
    const token = 'm'.repeat(32);
    const production = await startTestServer({ ...PRODUCTION_ENV, METRICS_TOKEN: token, API_DOCS: 'true' });
    try {
      const scrape = (authorization?: string) =>
        production.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape(`Bearer ${'x'.repeat(32)}`)).statusCode).toBe(401);
      const scraped = await scrape(`Bearer ${token}`);
      expect(scraped.statusCode).toBe(200);
      expect(scraped.body).toContain('process_cpu_user_seconds_total');
      expect((await production.app.inject({ method: 'GET', url: '/api/docs/json' })).json().openapi).toBe('3.1.0');
    } finally {
      await production.stop();
    }
  });
});

describe('behind a proxy', () => {
  const sendCode = (target: TestServer, mobile: string, forwardedFor: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/smsserver/getCode',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ mobile }),
      remoteAddress: '10.0.0.2',
    });

  it('with TRUST_PROXY=1 counts the address the proxy saw, not the entries the client wrote', async () => {
    const proxied = await startTestServer({ TRUST_PROXY: '1' });
    try {
      // One client rotating a forged first entry: its 31st code in the hour is refused all the same.
      for (let i = 0; i < 30; i++) {
        const reply = await sendCode(proxied, `98765${String(i).padStart(5, '0')}`, `1.2.3.${i}, 198.51.100.7`);
        expect(reply.json().res, `send ${i}`).toBe(1);
      }
      expect((await sendCode(proxied, '9876500030', '1.2.3.99, 198.51.100.7')).json().code).toBe('RATE_LIMITED');
      // Another client behind the same proxy has its own count.
      expect((await sendCode(proxied, '9876500031', '198.51.100.8')).json().res).toBe(1);
    } finally {
      await proxied.stop();
    }
  });

  it('refuses TRUST_PROXY=true, which would trust whatever the client writes', async () => {
    await expect(startTestServer({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
