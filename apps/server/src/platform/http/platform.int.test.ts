import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

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

  it('sets security headers and echoes a request id', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/findRegistSwitch',
      headers: { 'x-request-id': 'trace-me-1' },
    });
    expect(response.headers['x-request-id']).toBe('trace-me-1');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
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
