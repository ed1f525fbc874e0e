import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { AccountScreen } from '../features/account/account-screen.tsx';
import { AuditScreen } from '../features/audit/audit-screen.tsx';
import { ComplaintThreadScreen } from '../features/complaints/complaint-thread-screen.tsx';
import { ComplaintsScreen } from '../features/complaints/complaints-screen.tsx';
import { DepositsScreen } from '../features/deposits/deposits-screen.tsx';
import { ContentScreen } from '../features/content/content-screen.tsx';
import { GiftCodesScreen } from '../features/gift-codes/gift-codes-screen.tsx';
import { RiskScreen } from '../features/risk/risk-screen.tsx';
import { AgentsScreen } from '../features/agents/agents-screen.tsx';
import { OperatorsScreen } from '../features/operators/operators-screen.tsx';
import { PlayersScreen } from '../features/players/players-screen.tsx';
import { AdjustmentsScreen } from '../features/players/adjustments-screen.tsx';
import { PlayerScreen } from '../features/players/player-screen.tsx';
import { DashboardScreen } from '../features/dashboard/dashboard-screen.tsx';
import { GamesScreen } from '../features/games/games-screen.tsx';
import { SignInScreen } from '../features/sign-in/sign-in-screen.tsx';
import { WithdrawalsScreen } from '../features/withdrawals/withdrawals-screen.tsx';
import { useSession } from '../shared/api/use-session.ts';
import { Guarded, Home } from './guarded.tsx';
import { Shell } from './shell.tsx';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 10_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function AppRoutes() {
  const session = useSession();
  // What was read under one session is dropped when it ends or another replaces it, in whichever tab
  // that happened (the session is shared by the browser's tabs).
  const token = session?.token;
  useEffect(() => () => queryClient.clear(), [token]);
  if (!session) {
    return (
      <Routes>
        <Route path="*" element={<SignInScreen />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Home />} />
        <Route path="complaints" element={<Guarded path="/complaints" element={<ComplaintsScreen />} />} />
        <Route path="complaints/:number" element={<Guarded path="/complaints" element={<ComplaintThreadScreen />} />} />
        <Route path="withdrawals" element={<Guarded path="/withdrawals" element={<WithdrawalsScreen />} />} />
        <Route path="deposits" element={<Guarded path="/deposits" element={<DepositsScreen />} />} />
        <Route path="gift-codes" element={<Guarded path="/gift-codes" element={<GiftCodesScreen />} />} />
        <Route path="content" element={<Guarded path="/content" element={<ContentScreen />} />} />
        <Route path="risk" element={<Guarded path="/risk" element={<RiskScreen />} />} />
        <Route path="games" element={<Guarded path="/games" element={<GamesScreen />} />} />
        <Route path="agents" element={<Guarded path="/agents" element={<AgentsScreen />} />} />
        <Route path="players" element={<Guarded path="/players" element={<PlayersScreen />} />} />
        <Route path="players/:id" element={<Guarded path="/players" element={<PlayerScreen />} />} />
        <Route path="adjustments" element={<Guarded path="/adjustments" element={<AdjustmentsScreen />} />} />
        <Route path="dashboard" element={<Guarded path="/dashboard" element={<DashboardScreen />} />} />
        <Route path="audit" element={<Guarded path="/audit" element={<AuditScreen />} />} />
        <Route path="operators" element={<Guarded path="/operators" element={<OperatorsScreen />} />} />
        <Route path="account" element={<AccountScreen />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
