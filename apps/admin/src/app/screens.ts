import { adminEndpoints, isAllowed, type AdminEndpointPath, type OperatorRole } from '@mayur/contracts/admin';

// The console's screens and the endpoint each one reads: a screen is shown to a role exactly when the
// server's map lets that role call its endpoint, so the sidebar and the server cannot disagree.

export type Screen = { path: string; titleKey: string; endpoint: AdminEndpointPath };

export const SCREENS: readonly Screen[] = [
  { path: '/complaints', titleKey: 'nav.complaints', endpoint: '/complaints/list' },
  { path: '/withdrawals', titleKey: 'nav.withdrawals', endpoint: '/withdrawals/list' },
  { path: '/deposits', titleKey: 'nav.deposits', endpoint: '/deposits/list' },
  { path: '/players', titleKey: 'nav.players', endpoint: '/players/search' },
  { path: '/audit', titleKey: 'nav.audit', endpoint: '/audit/list' },
  { path: '/operators', titleKey: 'nav.operators', endpoint: '/operators/list' },
];

export function canOpen(screen: Screen, role: OperatorRole): boolean {
  return isAllowed(adminEndpoints[screen.endpoint].access, role);
}

export function screensFor(role: OperatorRole): Screen[] {
  return SCREENS.filter((screen) => canOpen(screen, role));
}
