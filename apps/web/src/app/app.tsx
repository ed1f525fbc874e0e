import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { useIsGloballyLoading } from '../shared/api/loading-store.ts';
import { ACCOUNT_QUERY_ROOT } from '../shared/api/queries.ts';
import { session } from '../shared/api/session.ts';
import { LazyToaster } from '../shared/ui/lazy-toaster.tsx';
import { GlobalLoadingOverlay } from '../shared/ui/spinner.tsx';
import { AppRoutes } from './app-routes.tsx';
import { queryClient } from './query-client.ts';

/** Forgets the previous player's data whenever the session ends or changes hands. */
function AccountCacheReset() {
  const client = useQueryClient();
  useEffect(
    () =>
      session.subscribe(() => {
        client.removeQueries({ queryKey: [ACCOUNT_QUERY_ROOT], predicate: (query) => query.queryKey[2] !== session.getToken() });
      }),
    [client],
  );
  return null;
}

function AppShell() {
  const isLoading = useIsGloballyLoading();
  return (
    <>
      {/* While the spinner is up the page behind it can be neither clicked nor tabbed into. */}
      <div inert={isLoading}>
        <AppRoutes />
      </div>
      {isLoading && <GlobalLoadingOverlay />}
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountCacheReset />
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
      <LazyToaster />
    </QueryClientProvider>
  );
}
