import { lazy, Suspense } from 'react';
import { withNamespaces } from '../../shared/i18n/i18n.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';

// The home screen's PG GAMES tab. Home ships only this wrapper: the catalogue, the game frame and
// their texts are a chunk of their own, fetched when the tab is opened (home's budget, DESIGN.md §10).
const PgGamesPanel = lazy(() =>
  withNamespaces(['third-games'], import('./pg-games-panel.tsx')).then((module) => ({ default: module.PgGamesPanel })),
);

export function PgGamesTab() {
  return (
    <Suspense fallback={<Spinner />}>
      <PgGamesPanel />
    </Suspense>
  );
}
