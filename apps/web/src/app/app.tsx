import { BrowserRouter } from 'react-router';
import { useIsGloballyLoading } from '../shared/api/loading-store.ts';
import { LazyToaster } from '../shared/ui/lazy-toaster.tsx';
import { GlobalLoadingOverlay } from '../shared/ui/spinner.tsx';
import { AppRoutes } from './app-routes.tsx';

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
    <>
      <BrowserRouter>
        <AppShell />
      </BrowserRouter>
      <LazyToaster />
    </>
  );
}
