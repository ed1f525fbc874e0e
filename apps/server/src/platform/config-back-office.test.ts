import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { describeConfig } from './config-summary.ts';
import { PRODUCTION_ENV } from '../../test/platform-production-env.ts';

// Who may reach the back office is settled at start: a production node that would open it to every
// address, or read a proxy header any client can write, refuses to start and names the settings.

describe('the back office in production', () => {
  it('refuses ADMIN_ENABLED=true without ADMIN_ALLOWED_IPS unless ADMIN_ALLOW_ANY_ADDRESS=true says so', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, ADMIN_ENABLED: 'true' })).toThrow(
      /ADMIN_ENABLED=true in production needs ADMIN_ALLOWED_IPS.*ADMIN_ALLOW_ANY_ADDRESS=true/,
    );
    const open = loadConfig({ ...PRODUCTION_ENV, ADMIN_ENABLED: 'true', ADMIN_ALLOW_ANY_ADDRESS: 'true' }).admin;
    expect([open.isEnabled, open.allowedIps]).toEqual([true, []]);
    const listed = loadConfig({ ...PRODUCTION_ENV, ADMIN_ENABLED: 'true', ADMIN_ALLOWED_IPS: '10.8.0.0/16' }).admin;
    expect([listed.isEnabled, listed.allowedIps]).toEqual([true, ['10.8.0.0/16']]);
  });

  it('starts with the back office off by default, and open to every address outside production', () => {
    expect(loadConfig(PRODUCTION_ENV).admin.isEnabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).admin).toMatchObject({ isEnabled: true, allowedIps: [] });
  });

  it('refuses ADMIN_ALLOW_ANY_ADDRESS together with ADMIN_ALLOWED_IPS', () => {
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, ADMIN_ENABLED: 'true', ADMIN_ALLOWED_IPS: '10.8.0.0/16', ADMIN_ALLOW_ANY_ADDRESS: 'true' }),
    ).toThrow(/ADMIN_ALLOW_ANY_ADDRESS=true and ADMIN_ALLOWED_IPS/);
  });
});

describe('the proxies the back office believes', () => {
  it('needs the proxies’ addresses when ADMIN_ALLOWED_IPS meets TRUST_PROXY as a number of hops', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1', ADMIN_ALLOWED_IPS: '10.0.0.0/8' })).toThrow(
      /ADMIN_ALLOWED_IPS with TRUST_PROXY=1 .*ADMIN_TRUSTED_PROXIES/,
    );
    const own = loadConfig({
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
      ADMIN_ALLOWED_IPS: '10.0.0.0/8',
      ADMIN_TRUSTED_PROXIES: '192.0.2.10',
    });
    expect(own.admin.trustedProxies).toEqual(['192.0.2.10']);
    // Without an allow list the gate reads no address, so a hop count alone is fine.
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).admin.trustedProxies).toEqual([]);
  });

  it('takes TRUST_PROXY’s addresses when they are a list, and refuses an entry that is not an address', () => {
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'loopback, 192.0.2.0/24', ADMIN_ALLOWED_IPS: '10.0.0.0/8' });
    expect(config.admin.trustedProxies).toEqual(['loopback', '192.0.2.0/24']);
    expect(() => loadConfig({ NODE_ENV: 'test', ADMIN_TRUSTED_PROXIES: 'nginx.internal' })).toThrow(
      /ADMIN_TRUSTED_PROXIES must be a list of proxy addresses\/CIDRs, got "nginx.internal"/,
    );
  });
});

describe('MIGRATION_DATABASE_URL', () => {
  it('is the owner role beside DATABASE_URL, never alone', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MIGRATION_DATABASE_URL: 'postgres://owner@db/mayur' })).toThrow(
      /MIGRATION_DATABASE_URL needs DATABASE_URL/,
    );
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://mayur_app@db/mayur',
      MIGRATION_DATABASE_URL: 'postgres://mayur_owner@db/mayur',
    });
    expect([config.databaseUrl, config.migrationDatabaseUrl]).toEqual([
      'postgres://mayur_app@db/mayur',
      'postgres://mayur_owner@db/mayur',
    ]);
  });

  it('is printed at start without its password', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: 'postgres://mayur_app:app-password@db/mayur',
      MIGRATION_DATABASE_URL: 'postgres://mayur_owner:owner-password@db/mayur',
    });
    expect(describeConfig(config).migrationDatabaseUrl).toBe('postgres://mayur_owner:***@db/mayur');
    expect(JSON.stringify(describeConfig(config))).not.toContain('owner-password');
  });
});
