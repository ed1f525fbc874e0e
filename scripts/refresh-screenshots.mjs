// Refreshes the committed screenshots in docs/screenshots: builds the web app when its sources changed,
// then runs the browser tests with E2E_SCREENSHOT_DIR pointing there. `npm test` and `npm run test:e2e`
// write their screenshots to a temporary folder instead, never into the repository.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (command, args, env = process.env) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

const built = run('node', ['scripts/build-web.mjs']);
if (built !== 0) process.exit(built);
const screenshotDir = path.join(root, 'docs/screenshots');
console.log(`writing screenshots to ${screenshotDir}`);
process.exit(
  run('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
    ...process.env,
    E2E_SCREENSHOT_DIR: screenshotDir,
  }),
);
