import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

// The agent programme's settings are checked once at start: a server with levels it cannot pay, or
// thresholds that skip a level, refuses to start and says why.

function agent(env: Record<string, string>) {
  return loadConfig({ NODE_ENV: 'test', ...env }).agent;
}

describe('AGENT_LEVEL_THRESHOLDS', () => {
  it('defaults to L1 and L2 for the default three rows of rates', () => {
    expect(agent({}).levelThresholds).toEqual([
      { minTeamSize: 10, minTeamDepositsPaise: 1_000_000n, minTeamBetsPaise: 10_000_000n },
      { minTeamSize: 50, minTeamDepositsPaise: 10_000_000n, minTeamBetsPaise: 100_000_000n },
    ]);
  });

  it('unset, serves only as many levels as the rates have', () => {
    expect(agent({ AGENT_COMMISSION_RATES_BP: '60,18,6,2,1,1' }).levelThresholds).toEqual([]);
    expect(agent({ AGENT_COMMISSION_RATES_BP: '60,18,6,2,1,1;70,21,7,3,1,1' }).levelThresholds).toHaveLength(1);
  });

  it('takes one entry per level above L0 in rupees', () => {
    const config = agent({ AGENT_COMMISSION_RATES_BP: '1,1,1,1,1,1;2,2,2,2,2,2', AGENT_LEVEL_THRESHOLDS: ' 3, 500 ,2000 ' });
    expect(config.levelThresholds).toEqual([{ minTeamSize: 3, minTeamDepositsPaise: 50_000n, minTeamBetsPaise: 200_000n }]);
  });

  it('refuses a count that does not match the rate rows, naming both settings', () => {
    expect(() => agent({ AGENT_LEVEL_THRESHOLDS: '10,10000,100000' })).toThrow(
      /AGENT_LEVEL_THRESHOLDS must have one entry per agent level above L0: AGENT_COMMISSION_RATES_BP has 3 levels \(L0–L2\), so 2 entries/,
    );
    expect(() => agent({ AGENT_COMMISSION_RATES_BP: '1,1,1,1,1,1;2,2,2,2,2,2;3,3,3,3,3,3;4,4,4,4,4,4' })).toThrow(
      /AGENT_COMMISSION_RATES_BP has 4 levels \(L0–L3\), so 3 entries, got the default with 2/,
    );
  });

  it('refuses malformed entries and a level asking less than the one below it', () => {
    for (const bad of ['10,10000', '10,10000,100000,5;50,1,1', 'ten,1,1;50,1,1', '10,-1,1;50,1,1', '10,1.5,1;50,2,2'])
      expect(() => agent({ AGENT_LEVEL_THRESHOLDS: bad })).toThrow(/AGENT_LEVEL_THRESHOLDS/);
    expect(() => agent({ AGENT_LEVEL_THRESHOLDS: '10,10000,100000;50,5000,1000000' })).toThrow(
      /L2 must ask at least what L1 asks in every figure/,
    );
  });
});

describe('AGENT_STATS_REFRESH_SECONDS', () => {
  it('defaults to five minutes and is at least one second', () => {
    expect(agent({}).statsRefreshSeconds).toBe(300);
    expect(agent({ AGENT_STATS_REFRESH_SECONDS: '2' }).statsRefreshSeconds).toBe(2);
    expect(agent({ AGENT_STATS_REFRESH_SECONDS: '0' }).statsRefreshSeconds).toBe(1);
    expect(() => agent({ AGENT_STATS_REFRESH_SECONDS: 'soon' })).toThrow(/AGENT_STATS_REFRESH_SECONDS/);
  });
});

describe('a start with wrong settings', () => {
  it('is refused naming every wrong setting, each with what it must be and what it got', () => {
    const start = () =>
      loadConfig({
        NODE_ENV: 'test',
        PORT: 'eighty',
        AGENT_COMMISSION_RATES_BP: 'x',
        RECHARGE_MIN_RUPEES: '1.5',
        SUPPORT_EMAIL: 'help at mayur',
        TRUST_PROXY: 'proxy.internal',
      });
    expect(start).toThrow(/^5 settings are wrong:\n/);
    const lines = (() => {
      try {
        start();
        return [];
      } catch (error) {
        return (error as Error).message.split('\n').slice(1);
      }
    })();
    // TRUST_PROXY is read by the platform and by the back office's gate, and named once.
    expect(lines.sort()).toEqual([
      '- AGENT_COMMISSION_RATES_BP must be rows of six basis points (0–10000) separated by ";", got "x"',
      '- PORT must be a non-negative integer, got "eighty"',
      '- RECHARGE_MIN_RUPEES must be a whole number of rupees, got "1.5"',
      '- SUPPORT_EMAIL must be an e-mail address, got "help at mayur"',
      '- TRUST_PROXY must be a number of proxies or a list of proxy addresses/CIDRs, got "proxy.internal"',
    ]);
  });
});
