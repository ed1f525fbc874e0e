import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  CODE_SECRET: 'c'.repeat(40),
  PAYMENT_GATEWAY: 'gateway-hmac',
  GATEWAY_URL: 'https://g.example',
  GATEWAY_MERCHANT_ID: 'M',
  GATEWAY_SECRET: 's'.repeat(40),
};
const STUDIO = {
  id: 'acme',
  launchUrl: 'https://games.acme.example/launch',
  apiKey: 'k'.repeat(20),
  signingSecret: 's'.repeat(40),
};

describe('provider settings', () => {
  it('registers the demo studio outside production only, and not when turned off', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).providers.list.map((provider) => provider.id)).toEqual(['demo']);
    expect(loadConfig({ NODE_ENV: 'development', PROVIDER_DEMO: 'false' }).providers.list).toEqual([]);
    expect(loadConfig(PRODUCTION).providers.list).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, PROVIDER_DEMO: 'true' }).providers.list).toEqual([]);
  });

  it('reads PROVIDERS, with the demo studio beside them in development', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PROVIDERS: JSON.stringify([STUDIO]),
      PROVIDER_DEMO_URL: 'http://localhost:9999',
    });
    expect(config.providers.list.map((provider) => [provider.id, provider.launchUrl, provider.isEnabled])).toEqual([
      ['acme', 'https://games.acme.example/launch', true],
      ['demo', 'http://localhost:9999/play', true],
    ]);
  });

  it('reads each provider’s credit ceilings, ₹10,00,000 a round and ₹25,00,000 a player a day unless set', () => {
    const config = loadConfig({
      ...PRODUCTION,
      PROVIDERS: JSON.stringify([STUDIO, { ...STUDIO, id: 'small', maxRoundCredit: '500.00', maxPlayerDayCredit: '2000' }]),
    });
    expect(
      config.providers.list.map((provider) => [provider.id, provider.maxRoundCreditPaise, provider.maxPlayerDayCreditPaise]),
    ).toEqual([
      ['acme', 100_000_000n, 250_000_000n],
      ['small', 50_000n, 200_000n],
    ]);
    const start = (entry: object) => () => loadConfig({ ...PRODUCTION, PROVIDERS: JSON.stringify([entry]) });
    for (const maxRoundCredit of ['0', '-5.00', '1.234', 'lots', 1000])
      expect(start({ ...STUDIO, maxRoundCredit }), String(maxRoundCredit)).toThrow(/maxRoundCredit/);
    expect(start({ ...STUDIO, maxPlayerDayCredit: '0.00' })).toThrow(/maxPlayerDayCredit/);
  });

  it('refuses to start on a provider it could not authenticate or reach', () => {
    const start = (entry: object) => () => loadConfig({ ...PRODUCTION, PROVIDERS: JSON.stringify([entry]) });
    expect(start({ ...STUDIO, signingSecret: 'short' })).toThrow(/signingSecret/);
    expect(start({ ...STUDIO, apiKey: 'short' })).toThrow(/apiKey/);
    expect(start({ ...STUDIO, id: 'Bad Id' })).toThrow(/id/);
    expect(start({ ...STUDIO, launchUrl: 'javascript:alert(1)' })).toThrow(/launchUrl/);
    expect(start({ ...STUDIO, currency: 'USD' })).toThrow(/currency/);
    expect(() => loadConfig({ ...PRODUCTION, PROVIDERS: '{nope' })).toThrow(/PROVIDERS/);
    expect(() => loadConfig({ ...PRODUCTION, PROVIDERS: JSON.stringify([STUDIO, STUDIO]) })).toThrow(/share an id/);
  });
});
