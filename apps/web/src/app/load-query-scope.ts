/** The query library and the app's query client, fetched with every screen except home (see query-scope.tsx). */
export const loadQueryScope = () => import('./query-scope.tsx');
