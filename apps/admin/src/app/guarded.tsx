import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../shared/api/use-session.ts';
import { canOpen, SCREENS, screensFor } from './screens.ts';

/** A screen the operator's role may open, or a plain refusal (the server refuses its endpoint anyway). */
export function Guarded({ path, element }: { path: string; element: ReactElement }) {
  const { t } = useTranslation();
  const session = useSession();
  const screen = SCREENS.find((candidate) => candidate.path === path)!;
  if (!session || !canOpen(screen, session.operator.role)) {
    return (
      <section className="screen" data-testid="forbidden">
        <h1>{t(screen.titleKey)}</h1>
        <p className="state state-error" role="alert">
          {t('errors.FORBIDDEN')}
        </p>
      </section>
    );
  }
  return element;
}

/** The first screen of the operator's role. */
export function Home() {
  const { t } = useTranslation();
  const session = useSession();
  const first = session ? screensFor(session.operator.role)[0] : undefined;
  if (first) return <Navigate to={first.path} replace />;
  return (
    <section className="screen">
      <p className="state">{t('shell.nothingYet')}</p>
    </section>
  );
}
