import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { adminApi } from '../shared/api/admin-api.ts';
import { storeSession } from '../shared/api/session.ts';
import { useSession } from '../shared/api/use-session.ts';
import { screensFor } from './screens.ts';

export function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const signOut = useMutation({
    mutationFn: () => adminApi('/auth/signOut', {}),
    onSettled: () => {
      storeSession(null);
      queryClient.clear();
    },
  });
  // Another tab can end the session at any moment; this render may see that before the app swaps in
  // the sign-in screen.
  if (!session) return null;
  const { operator } = session;
  return (
    <div className="shell">
      <aside className="sidebar">
        <p className="brand">{t('shell.brand')}</p>
        <nav aria-label={t('shell.navigation')}>
          <ul>
            {screensFor(operator.role).map((screen) => (
              <li key={screen.path}>
                <NavLink to={screen.path}>{t(screen.titleKey)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="who">
          <p data-testid="operator-name">{operator.name}</p>
          <p>
            <NavLink to="/account" className="account-link">
              {t('shell.account')}
            </NavLink>
          </p>
          <p className="muted">{t(`roles.${operator.role}`)}</p>
          <p className="muted">
            {t('shell.sessionEnds', {
              time: new Date(session.expiresAtMs).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
            })}
          </p>
          <button type="button" className="button secondary" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            {t('shell.signOut')}
          </button>
        </div>
      </aside>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
