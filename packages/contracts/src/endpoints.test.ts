import { describe, expect, it } from 'vitest';
import { agentEndpoints } from './agent-endpoints.ts';
import { cashEndpoints } from './cash-endpoints.ts';
import { complaintEndpoints } from './complaints-endpoints.ts';
import { contentEndpoints } from './content-endpoints.ts';
import { crashEndpoints } from './crash-endpoints.ts';
import { endpoints } from './endpoints.ts';
import { fairnessEndpoints } from './fairness-endpoints.ts';
import { lotteryEndpoints } from './lottery-endpoints.ts';
import { protectionEndpoints } from './protection-endpoints.ts';
import { providerEndpoints } from './providers-endpoints.ts';
import { userEndpoints } from './user-endpoints.ts';
import { walletEndpoints } from './wallet-endpoints.ts';

const domains = [
  agentEndpoints,
  cashEndpoints,
  complaintEndpoints,
  contentEndpoints,
  crashEndpoints,
  fairnessEndpoints,
  lotteryEndpoints,
  protectionEndpoints,
  providerEndpoints,
  userEndpoints,
  walletEndpoints,
];

describe('the player API map', () => {
  it('is the union of the domain maps, no path claimed by two domains', () => {
    const paths = domains.flatMap((domain) => Object.keys(domain));
    expect(new Set(paths).size).toBe(paths.length);
    expect(Object.keys(endpoints).sort()).toEqual(paths.sort());
  });
});
