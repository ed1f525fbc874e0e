import { describe, expect, it } from 'vitest';
import { DEMO_USDT_XPUB, loadConfig } from './config.ts';
import { describeConfig, redactUrl } from './config-summary.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  CODE_SECRET: 'code-secret-'.padEnd(40, 'c'),
  PAYMENT_GATEWAY: 'gateway-hmac',
  GATEWAY_URL: 'https://gateway.example',
  GATEWAY_MERCHANT_ID: 'merchant',
  GATEWAY_SECRET: 'gateway-secret-'.padEnd(40, 'g'),
  DATABASE_URL: 'postgres://mayur:db-password-123@db.internal:5432/mayur',
  REDIS_URL: 'redis://:redis-password-456@redis.internal:6379/0',
  METRICS_TOKEN: 'metrics-token-'.padEnd(30, 'm'),
  ADMIN_TOTP_KEY: 'totp-key-secret-'.padEnd(40, 't'),
  SMTP_PASSWORD: 'smtp-password-789',
  SMS_HTTP_AUTH: 'Bearer sms-auth-000',
  TRON_API_KEY: 'tron-api-key-111',
};

describe('the settings printed at start', () => {
  it('show what the node runs with and never a secret', () => {
    const summary = describeConfig(loadConfig(PRODUCTION));
    const text = JSON.stringify(summary);
    for (const secret of [
      PRODUCTION.CODE_SECRET,
      PRODUCTION.GATEWAY_SECRET,
      'db-password-123',
      'redis-password-456',
      PRODUCTION.METRICS_TOKEN,
      PRODUCTION.ADMIN_TOTP_KEY,
      'smtp-password-789',
      'sms-auth-000',
      'tron-api-key-111',
    ])
      expect(text).not.toContain(secret);
    expect(summary).toMatchObject({
      env: 'production',
      databaseUrl: 'postgres://mayur:***@db.internal:5432/mayur',
      redisUrl: 'redis://:***@redis.internal:6379/0',
      codeSecret: '[redacted]',
      metricsToken: '[redacted]',
      payments: { gateway: 'gateway-hmac', gatewayHmac: { url: 'https://gateway.example', secret: '[redacted]' } },
    });
    expect((summary.lottery as { maxBetPaise: string }).maxBetPaise).toBe('10000000');
    // A duration named after a secret is a number an operator needs to read, not a secret.
    expect((summary.providers as { launchTokenTtlMs: unknown }).launchTokenTtlMs).toEqual(expect.any(Number));
  });

  it('redacts a URL password and secret query parameters, and never prints an unreadable URL', () => {
    expect(redactUrl('postgres://u:p@h/db?sslmode=require&password=x')).toBe(
      'postgres://u:***@h/db?sslmode=require&password=***',
    );
    expect(redactUrl('not a url with password')).toBe('[set, not a URL]');
  });
});

describe('a production start refuses unsafe settings', () => {
  it('refuses the demo seed (a public password) and the demo USDT key (public private keys)', () => {
    expect(() => loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ...PRODUCTION, USDT_XPUB: DEMO_USDT_XPUB })).toThrow(/USDT_XPUB/);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'false' }).isDemoSeeded).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true', USDT_XPUB: DEMO_USDT_XPUB }).isDemoSeeded).toBe(true);
  });
});
