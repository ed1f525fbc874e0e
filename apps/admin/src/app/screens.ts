import { adminEndpoints, isAllowed, type AdminEndpointPath, type OperatorRole } from '@mayur/contracts/admin';

// The console's screens and the endpoint each one reads: a screen is shown to a role exactly when the
// server's map lets that role call its endpoint, so the sidebar and the server cannot disagree.

export type Screen = { path: string; titleKey: string; endpoint: AdminEndpointPath };

export const SCREENS: readonly Screen[] = [
  { path: '/dashboard', titleKey: 'nav.dashboard', endpoint: '/dashboard/summary' },
  { path: '/complaints', titleKey: 'nav.complaints', endpoint: '/complaints/list' },
  { path: '/withdrawals', titleKey: 'nav.withdrawals', endpoint: '/withdrawals/list' },
  { path: '/deposits', titleKey: 'nav.deposits', endpoint: '/deposits/list' },
  { path: '/gift-codes', titleKey: 'nav.giftCodes', endpoint: '/giftCodes/list' },
  { path: '/content', titleKey: 'nav.content', endpoint: '/content/notices/list' },
  { path: '/risk', titleKey: 'nav.risk', endpoint: '/risk/flags' },
  { path: '/games', titleKey: 'nav.games', endpoint: '/games/rooms' },
  { path: '/agents', titleKey: 'nav.agents', endpoint: '/agents/programme' },
  { path: '/players', titleKey: 'nav.players', endpoint: '/players/search' },
  { path: '/adjustments', titleKey: 'nav.adjustments', endpoint: '/adjustments/list' },
  { path: '/audit', titleKey: 'nav.audit', endpoint: '/audit/list' },
  { path: '/operators', titleKey: 'nav.operators', endpoint: '/operators/list' },
];

export function canOpen(screen: Screen, role: OperatorRole): boolean {
  return isAllowed(adminEndpoints[screen.endpoint].access, role);
}

export function screensFor(role: OperatorRole): Screen[] {
  return SCREENS.filter((screen) => canOpen(screen, role));
}
