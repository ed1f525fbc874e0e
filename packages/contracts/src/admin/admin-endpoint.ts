import type { AdminEndpointDefinition } from './endpoints.ts';
import type { OperatorRole } from './roles.ts';

// How each domain file of the back office API writes its endpoints and who may call them.

/** One endpoint, its schemas' own types kept so the console's client and the server are typed by them. */
export function adminEndpoint<Definition extends AdminEndpointDefinition>(definition: Definition): Definition {
  return definition;
}

/** A read of the games screen: it must say so (no-power-over-results.test.ts holds what is behind it). */
export function readOnlyEndpoint<Definition extends AdminEndpointDefinition & { readOnly: true }>(
  definition: Definition,
): Definition {
  return definition;
}

/** The roles that read money: deposits, withdrawals, adjustments, the ledger. */
export const FINANCE_READERS = ['owner', 'finance', 'auditor'] as const satisfies readonly OperatorRole[];
/** The roles that decide on money: confirm deposits, approve withdrawals and adjustments. */
export const FINANCE_DECIDERS = ['owner', 'finance'] as const satisfies readonly OperatorRole[];
/** The roles that read what players are shown: notices, banners, support contacts. */
export const CONTENT_READERS = ['owner', 'support', 'auditor'] as const satisfies readonly OperatorRole[];
/** The roles that change what players are shown, and answer complaints. */
export const CONTENT_EDITORS = ['owner', 'support'] as const satisfies readonly OperatorRole[];
export const RISK_READERS = ['owner', 'risk', 'auditor'] as const satisfies readonly OperatorRole[];
