import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Screenshots taken by the browser tests. A test run writes them to a temporary folder, never into
// the repository; `npm run screenshots` points E2E_SCREENSHOT_DIR at docs/screenshots to refresh the
// committed ones.

const dir = process.env.E2E_SCREENSHOT_DIR
  ? path.resolve(process.env.E2E_SCREENSHOT_DIR)
  : path.join(os.tmpdir(), 'mayur-e2e-screenshots');

/** Where the screenshot called `name` (e.g. `home-360x740.png`) is written. */
export function screenshotPath(name: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}
