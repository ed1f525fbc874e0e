import { preloadableLazy } from './preloadable-lazy.ts';

/**
 * The query library and the app's query client, fetched with every screen except home (see
 * query-scope.tsx); once loaded, a screen renders inside it without suspending.
 */
export const queryScope = preloadableLazy(() => import('./query-scope.tsx').then((module) => module.QueryScope));
export const loadQueryScope = queryScope.load;
