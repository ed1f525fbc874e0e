import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../shared/api/api.ts';
import { session, useSessionToken, type SignOutReason } from '../shared/api/session.ts';
import { holdUntilFirstScreenPaints } from '../shared/lib/first-screen-paint.ts';
import { PageFallback } from '../shared/ui/spinner.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { NavLayout } from './layouts/nav-layout.tsx';
import { NotFoundLayout } from './layouts/not-found-layout.tsx';
import { queryScope } from './load-query-scope.ts';
import { APP_ROUTES, type AppRoute } from './routes.tsx';
import { useIsExchangingHandover } from './token-handover.ts';

const QueryScope = queryScope.Component;

/** What the login screen is told: where a redirected player was, or why they were signed out. */
export type ReturnState = { from?: string; notice?: SignOutReason };

function RequireSession({ children }: { children: React.ReactNode }) {
  const token = useSessionToken();
  const isExchanging = useIsExchangingHandover();
  const location = useLocation();
  if (token) return children;
  if (isExchanging) return <PageFallback />;
  const reason = session.lastSignOutReason();
  // After a password change the player starts afresh at login rather than returning to the form.
  const state: ReturnState = reason ? { notice: reason } : { from: `${location.pathname}${location.search}` };
  return <Navigate to="/login" replace state={state} />;
}

/**
 * Put into the page with a route's screen (not its loading fallback): the screen's first reads wait for
 * the frame that paints it. Its layout effect runs before any screen's effect that could send them.
 */
function FirstScreenPaintMark() {
  useLayoutEffect(holdUntilFirstScreenPaints, []);
  return null;
}

function RouteElement({ route }: { route: AppRoute }) {
  const { t } = useTranslation();
  const title = t(route.titleKey);
  const content = route.requiresSession ? <RequireSession>{route.render()}</RequireSession> : route.render();
  // Home reads its few notices without the query library, which every other screen brings with its code.
  const screen = (
    <Suspense fallback={<PageFallback />}>
      <FirstScreenPaintMark />
      {route.path === '/' ? content : <QueryScope>{content}</QueryScope>}
    </Suspense>
  );
  if (route.layout === 'nav') {
    const headerLink = route.headerLink ? { to: route.headerLink.to, label: t(route.headerLink.labelKey) } : undefined;
    return (
      <NavLayout title={title} headerLink={headerLink}>
        {screen}
      </NavLayout>
    );
  }
  if (route.layout === 'bare') return <BareLayout title={title}>{screen}</BareLayout>;
  return <DefaultLayout title={route.path === '/' ? 'Mayur' : title}>{screen}</DefaultLayout>;
}

/** An expired session anywhere sends the player to /login, remembering where they were. */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        const from = `${window.location.pathname}${window.location.search}`;
        if (window.location.pathname === '/login') return;
        navigate('/login', { state: { from } satisfies ReturnState });
      }),
    [navigate],
  );
  return null;
}

/** After client-side navigation, start at the top and move focus to the new screen for screen readers. */
function FocusOnNavigate() {
  const { pathname } = useLocation();
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}

export function AppRoutes() {
  return (
    <>
      <UnauthorizedRedirect />
      <FocusOnNavigate />
      <Routes>
        {APP_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<RouteElement route={route} />} />
        ))}
        <Route path="*" element={<NotFoundLayout />} />
      </Routes>
    </>
  );
}
