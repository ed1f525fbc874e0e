import { adminEndpoint } from './admin-endpoint.ts';
import { z } from 'zod';
import { zMoneyText } from '../fields.ts';
import type { AdminEndpointDefinition } from './endpoints.ts';
import type { OperatorRole } from './roles.ts';

// The dashboard: today and the last 30 days, day by day in India's time (UTC+05:30,
// no daylight saving), from the ledger and the players' table; read-only.

/** The dashboard's days: today and the 29 before it. */
export const DASHBOARD_DAYS = 30;

export const ZDashboardDay = z.object({
  /** The business day, YYYY-MM-DD. */
  day: z.string(),
  deposits: zMoneyText,
  depositCount: z.number().int(),
  withdrawals: zMoneyText,
  withdrawalCount: z.number().int(),
  /** Stakes of every game (cash and bonus), and how many stakes were placed. */
  stakes: zMoneyText,
  betCount: z.number().int(),
  /** Gross gaming revenue: stakes and fees less wins and refunds. */
  ggr: zMoneyText,
  commissions: zMoneyText,
  activePlayers: z.number().int(),
  newPlayers: z.number().int(),
});
export type TDashboardDay = z.infer<typeof ZDashboardDay>;

export const ZDashboardGameDay = z.object({ day: z.string(), game: z.string(), stakes: zMoneyText, ggr: zMoneyText });
export type TDashboardGameDay = z.infer<typeof ZDashboardGameDay>;

export const ZDashboardResponse = z.object({
  today: z.string(),
  /** Oldest first, DASHBOARD_DAYS of them, today last; days without activity are zeros. */
  days: z.array(ZDashboardDay),
  /** GGR per game (room purpose without its shard) per day, only where something was staked. */
  games: z.array(ZDashboardGameDay),
  openWithdrawals: z.number().int(),
  waitingComplaints: z.number().int(),
  pendingAdjustments: z.number().int(),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponse>;

export const dashboardEndpoints = {
  '/dashboard/summary': adminEndpoint({
    request: z.object({}),
    response: ZDashboardResponse,
    access: ['owner', 'finance', 'support', 'risk', 'auditor'] as const satisfies readonly OperatorRole[],
    audit: 'refusals',
    summary:
      'Today and the last 30 days: recharges, withdrawals, stakes, GGR per game, active and new players, agent commissions; open withdrawals and complaints waiting',
    tag: 'dashboard',
  }),
} satisfies Record<string, AdminEndpointDefinition>;
