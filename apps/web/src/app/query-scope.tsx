import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ACCOUNT_QUERY_ROOT } from '../shared/api/queries.ts';
import { session } from '../shared/api/session.ts';
import { queryClient } from './query-client.ts';

// TanStack Query serves every screen but home, so it loads with the first of them rather than before
// home's first paint (app/routes.tsx fetches this module together with each screen's code).

// Forgets the previous player's data whenever the session ends or changes hands. Until this module has
// loaded there is no query to forget.
session.subscribe(() => {
  queryClient.removeQueries({ queryKey: [ACCOUNT_QUERY_ROOT], predicate: (query) => query.queryKey[2] !== session.getToken() });
});

/** Gives a screen the app's one query client; its cache outlives the screen, so data survives navigation. */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
