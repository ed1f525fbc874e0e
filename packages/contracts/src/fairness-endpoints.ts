import type { EndpointDefinition } from './endpoints.ts';
import { ZFairChainRequest, ZFairChainResponse, ZFairRoundRequest, ZFairRoundResponse } from './lottery.ts';

// The committed chains and the rounds revealed from them (DESIGN.md §6): the player API's endpoints of this domain (see endpoints.ts).
export const fairnessEndpoints = {
  '/fair/chain': {
    isAuthRequired: false,
    request: ZFairChainRequest,
    response: ZFairChainResponse,
    summary: "A room's current hash chain: commitment, salt, length, edge",
    tag: 'fairness',
  },
  '/fair/round': {
    isAuthRequired: false,
    request: ZFairRoundRequest,
    response: ZFairRoundResponse,
    summary: "A round's chain index and, once resolved, its seed and result",
    tag: 'fairness',
  },
} as const satisfies Record<string, EndpointDefinition>;
