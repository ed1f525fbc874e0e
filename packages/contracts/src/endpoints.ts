import type { z } from 'zod';
import { agentEndpoints } from './agent-endpoints.ts';
import { cashEndpoints } from './cash-endpoints.ts';
import { complaintEndpoints } from './complaints-endpoints.ts';
import { contentEndpoints } from './content-endpoints.ts';
import { crashEndpoints } from './crash-endpoints.ts';
import { fairnessEndpoints } from './fairness-endpoints.ts';
import { lotteryEndpoints } from './lottery-endpoints.ts';
import { protectionEndpoints } from './protection-endpoints.ts';
import { providerEndpoints } from './providers-endpoints.ts';
import { userEndpoints } from './user-endpoints.ts';
import { walletEndpoints } from './wallet-endpoints.ts';

export type EndpointDefinition = {
  /** Whether the caller must send a valid session token. */
  isAuthRequired: boolean;
  request: z.ZodType;
  response: z.ZodType;
  summary: string;
  tag: string;
};

/**
 * Every API endpoint, keyed by its path under the API base (`/api`). The server registers a handler
 * for each key and the web client is typed against the same map, so neither can drift from the other.
 */
export const endpoints = {
  ...userEndpoints,
  ...contentEndpoints,
  ...complaintEndpoints,
  ...walletEndpoints,
  ...agentEndpoints,
  ...cashEndpoints,
  ...lotteryEndpoints,
  ...crashEndpoints,
  ...fairnessEndpoints,
  ...protectionEndpoints,
  ...providerEndpoints,
} as const satisfies Record<string, EndpointDefinition>;

export type Endpoints = typeof endpoints;
export type EndpointPath = keyof Endpoints;
/** What a caller may send (form or JSON input, before normalisation). */
export type RequestOf<P extends EndpointPath> = z.input<Endpoints[P]['request']>;
/** What a handler receives after validation and normalisation. */
export type ParsedRequestOf<P extends EndpointPath> = z.output<Endpoints[P]['request']>;
export type ResponseOf<P extends EndpointPath> = z.output<Endpoints[P]['response']>;
