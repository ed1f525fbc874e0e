// The one test command (README): static checks, then the three test tiers of DESIGN.md §11 in one
// Vitest run. The browser tier needs Debian's Chromium; where it is missing we install it when we can
// (root) and otherwise say loudly that the browser tier did not run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
}

function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && spawnSync('which', ['apt-get']).status === 0) {
    console.log('Chromium is missing: installing it with apt-get (Debian package chromium)');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  return fs.existsSync(CHROMIUM);
}

run('type check', 'npm', ['run', '--silent', 'typecheck']);
run('lint', 'npm', ['run', '--silent', 'lint']);
run('formatting', 'npm', ['run', '--silent', 'format:check']);
run('build the web app', 'npm', ['run', '--silent', 'build']);

const hasBrowser = ensureChromium();
const projects = ['unit', 'integration', ...(hasBrowser ? ['e2e'] : [])];
if (!hasBrowser) {
  console.error('\n' + '!'.repeat(72));
  console.error(`!! Chromium not found at ${CHROMIUM} and could not be installed:`);
  console.error('!! THE BROWSER (END-TO-END) TIER DID NOT RUN.');
  console.error('!'.repeat(72) + '\n');
}

const reportFile = path.join(os.tmpdir(), `mayur-vitest-${process.pid}.json`);
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ],
  { cwd: root, stdio: 'inherit' },
);
let summary = '';
try {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  summary = `${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
  fs.rmSync(reportFile, { force: true });
} catch {
  summary = '';
}
// The JavaScript budgets of home (DESIGN.md §10) and of each game screen, gzip and on the wire, measured
// in the browser on the built app served by the real server.
let budgetStatus = 0;
let lighthouseStatus = 0;
if (hasBrowser) {
  console.log('\n▶ route JavaScript budgets');
  budgetStatus =
    spawnSync('npm', ['run', '--silent', 'measure:home', '-w', '@mayur/web'], { cwd: root, stdio: 'inherit' }).status ?? 1;
  // Last, once the other tiers have stopped loading the CPUs: a Lighthouse score depends on CPU time.
  // The check waits for a quiet machine and retries; bench/lighthouse.bench.ts says how.
  console.log("\n▶ Lighthouse: home's performance score");
  lighthouseStatus =
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/lighthouse.bench.ts', '--gate'], { cwd: root, stdio: 'inherit' })
      .status ?? 1;
}
console.log(`\nTiers run: ${projects.join(', ')}${hasBrowser ? '' : ' (browser tier NOT run)'}`);
if (summary) console.log(summary);
process.exit(vitest.status || budgetStatus || lighthouseStatus);
