import type { Namespace } from '../shared/i18n/namespaces.ts';

export type DirectScreen = {
  /** The screen's module under src/, as app/routes.tsx imports it lazily. */
  module: string;
  /** The translation namespaces it reads besides `common`. */
  namespaces: readonly Namespace[];
  /** The routes that render it. */
  paths: readonly string[];
};

/**
 * Screens that players often open directly (a bookmark, a shared link, the installed app coming back to
 * a game) rather than from home. When the first page is one of them, the entry script starts fetching
 * its code and texts while the app's own code downloads (app/first-route-hints.ts), instead of after
 * the app has rendered; vite.config.ts writes the files each path needs into index.html and fails the
 * build if a module here is not a lazily loaded chunk. app/routes.tsx reads the namespaces from here.
 */
export const DIRECT_SCREENS = {
  login: { module: 'features/auth/login-screen/login-screen.tsx', namespaces: ['auth'], paths: ['/login'] },
  mine: { module: 'features/mine/mine-screen/mine-screen.tsx', namespaces: ['mine', 'wallet'], paths: ['/mine'] },
  wingo: { module: 'features/lottery/wingo-screen/wingo-screen.tsx', namespaces: ['lottery'], paths: ['/games/wingo'] },
  wingoPk: {
    module: 'features/lottery/wingo-pk-screen/wingo-pk-screen.tsx',
    namespaces: ['lottery'],
    paths: ['/games/wingo-pk'],
  },
  bitgame: { module: 'features/lottery/bitgame-screen/bitgame-screen.tsx', namespaces: ['lottery'], paths: ['/games/bitgame'] },
  aviator: {
    module: 'features/crash/aviator-screen/aviator-screen.tsx',
    namespaces: ['crash'],
    paths: ['/games/limbo', '/games/limbo1', '/games/limbo3'],
  },
  crash: { module: 'features/crash/crash-screen/crash-screen.tsx', namespaces: ['crash'], paths: ['/games/crash'] },
  recharge: { module: 'features/cash/recharge-screen/recharge-screen.tsx', namespaces: ['cash'], paths: ['/recharge'] },
} as const satisfies Record<string, DirectScreen>;

/** The id of the JSON block in index.html that lists, per path above, the built files to preload. */
export const DIRECT_SCREEN_FILES_ID = 'direct-screen-files';

/** That block: the start's own files (every page's), and per path above the files it needs beyond them. */
export type DirectScreenFiles = { start: string[]; screens: Record<string, string[]> };
