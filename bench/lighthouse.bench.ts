// Lighthouse's mobile profile (simulated slow 4G, 4x CPU slowdown) against the built web app served by
// the real server on the embedded default (PGlite in a scratch folder, demo data) on a free loopback
// port: home, Win Go, Aviator and Recharge (as the demo player, signed in through the API). Prints each
// page's category scores and core metrics and writes the JSON reports to bench/results/lighthouse/
// (git-ignored). Builds the web app first when its sources changed; WEB_DIST_DIR serves another build.
//
//   npm run bench -- lighthouse
//   npm run bench -- lighthouse --pages wingo,aviator --runs 3   # some pages only, each run 3 times (medians)
//   npm run bench -- lighthouse --signed-in   # every page as the signed-in demo player (default: only Recharge)
//   node --import tsx bench/lighthouse.bench.ts --gate    # the test tier's check of home (scripts/test.mjs)
//
// The gate fails when home's performance score is below a floor of 65 on a quiet machine. The floor
// catches a gross regression (a blocking script, an unbounded render) on the slowest host CI runs on; it
// is not the goal. The goals (home ≥ 90 and the rest) are the bench's to measure and report, since a
// score is a timing: a build that passed a gate of 90 on one host scored 75–86 (best of three, quiet) on
// a host whose Lighthouse CPU index was 1,870–2,650, the class Lighthouse's 4× slowdown is made for. The
// gate prints the goal beside the floor. A score depends on the CPU time the page's tasks took, so a
// busy machine lowers it: the gate waits (up to two minutes in all) for the CPUs to be under a quarter
// busy before each run, measures how much of the CPUs other processes took during the run, and takes the
// best of up to three runs. It fails when the best score is under the floor and at least one run was
// undisturbed; when the machine never quieted, or others loaded it during every run, it prints NOT
// JUDGED with the figures (the byte budgets of measure-home-js.mjs do not depend on load and still
// apply). Each wait, skip and retry is printed with its reason.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNT } from '../apps/server/src/seed/seed-demo.ts';
import {
  auditPage,
  describeMachine,
  failingAudits,
  launchAuditBrowser,
  machineBusyCpuSeconds,
  printAuditTable,
  processTreeCpuSeconds,
  waitForQuietMachine,
  type AuditBrowser,
  type PageAudit,
} from './support/lighthouse-audit.ts';
import { createEmbeddedBenchDatabase, startServer } from './support/load-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const PAGES = [
  { key: 'home', name: 'home', pathname: '/', requiresSession: false },
  { key: 'wingo', name: 'Win Go', pathname: '/games/wingo', requiresSession: false },
  { key: 'aviator', name: 'Aviator', pathname: '/games/limbo', requiresSession: false },
  { key: 'recharge', name: 'Recharge', pathname: '/recharge', requiresSession: true },
];
/** The floor against gross regressions (see above), and home's goal, which the gate only reports. */
const GATE_MIN_PERFORMANCE = 65;
const HOME_GOAL_PERFORMANCE = 90;
const GATE_MAX_ATTEMPTS = 3;
/** Quiet: the other processes keep the CPUs under a quarter busy. */
const QUIET_BUSY_SHARE = 0.25;
/** How long the gate waits in all for quiet CPUs (LIGHTHOUSE_QUIET_WAIT_S), and at least before a retry. */
const QUIET_MAX_WAIT_MS = Number(process.env.LIGHTHOUSE_QUIET_WAIT_S ?? 120) * 1_000;
const RETRY_MIN_WAIT_MS = Math.min(QUIET_MAX_WAIT_MS, 30_000);

const KEPT_RUNS = 20;

const isGate = process.argv.includes('--gate');

/** The value after `--name` on the command line, if given. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** `--signed-in` audits every page as the signed-in demo player, not only those that need a session. */
const isSignedInEverywhere = process.argv.includes('--signed-in');

/** `--pages wingo,aviator` audits only those pages (keys of PAGES); all of them by default. */
function selectedPages() {
  const keys = option('pages')
    ?.split(',')
    .map((key) => key.trim().toLowerCase());
  const pages = isSignedInEverywhere ? PAGES.map((page) => ({ ...page, requiresSession: true })) : PAGES;
  if (!keys) return pages;
  const unknown = keys.filter((key) => !PAGES.some((page) => page.key === key));
  if (unknown.length > 0)
    throw new Error(`--pages: no page ${unknown.join(', ')}; pages: ${PAGES.map((page) => page.key).join(', ')}`);
  return pages.filter((page) => keys.includes(page.key));
}

/** `--runs 3` audits every selected page three times, round after round, and prints the medians. */
function runCount(): number {
  const runs = Number(option('runs') ?? 1);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs: a whole number from 1 to 20');
  return runs;
}
const runLabel = new Date()
  .toISOString()
  .replaceAll(':', '-')
  .replace(/\.\d+Z$/, 'Z');
const resultsDir = path.join(root, 'bench', 'results', 'lighthouse', `${runLabel}${isGate ? '-gate' : ''}`);

function buildWebIfNeeded() {
  if (process.env.WEB_DIST_DIR) {
    console.log(`serving the build in WEB_DIST_DIR=${process.env.WEB_DIST_DIR} as it is`);
    return;
  }
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-web.mjs')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the web app did not build');
}

async function logInDemoPlayer(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: DEMO_ACCOUNT.mobile, password: DEMO_ACCOUNT.password }),
  });
  const reply = (await response.json()) as { res: number; resMsg: string; obj?: { token: string } };
  if (reply.res !== 1 || !reply.obj) throw new Error(`the demo player could not log in: ${reply.resMsg}`);
  return reply.obj.token;
}

/** Each run's reports take a few megabytes: the oldest go once there are more than KEPT_RUNS. */
function pruneOldReports() {
  const runsDir = path.dirname(resultsDir);
  if (!fs.existsSync(runsDir)) return;
  const runs = fs.readdirSync(runsDir).sort();
  for (const old of runs.slice(0, Math.max(0, runs.length - (KEPT_RUNS - 1))))
    fs.rmSync(path.join(runsDir, old), { recursive: true, force: true });
}

function keepReport(audit: PageAudit, suffix = ''): string {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${audit.name.toLowerCase().replaceAll(' ', '-')}${suffix}.json`);
  fs.writeFileSync(file, audit.reportJson);
  return file;
}

async function benchPages(browser: AuditBrowser, origin: string) {
  // In every run the pages without a session come first, as a first-time visitor sees them; the
  // session the others need is dropped again before the next run.
  const pages = [...selectedPages()].sort((a, b) => Number(a.requiresSession) - Number(b.requiresSession));
  const runs = runCount();
  const audits: PageAudit[] = [];
  let isSignedIn = false;
  for (let run = 1; run <= runs; run++) {
    if (isSignedIn) {
      await browser.setLocalStorage(origin, { token: null });
      isSignedIn = false;
    }
    for (const page of pages) {
      if (page.requiresSession && !isSignedIn) {
        await browser.setLocalStorage(origin, { token: await logInDemoPlayer(origin), mobile: DEMO_ACCOUNT.mobile });
        isSignedIn = true;
      }
      const load = os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ');
      console.log(`auditing ${page.name} (${page.pathname})${runs > 1 ? `, run ${run} of ${runs}` : ''}; load average ${load} …`);
      const audit = await auditPageTwice(browser, page.name, `${origin}${page.pathname}`);
      keepReport(audit, runs > 1 ? `-run${run}` : '');
      audits.push(audit);
    }
  }
  console.log('');
  printAuditTable(audits);
  if (runs > 1) {
    console.log(`\nmedians of ${runs} runs:`);
    printAuditTable(pages.map((page) => medianAudit(audits.filter((audit) => audit.name === page.name))));
  }
  for (const audit of audits) {
    for (const warning of audit.warnings) console.log(`  ${audit.name}: Lighthouse warns: ${warning}`);
    const costly = failingAudits(audit.reportJson);
    if (costly.length > 0) console.log(`  ${audit.name}: audits below 0.9: ${costly.join(', ')}`);
  }
  console.log(
    `\nJSON reports: ${path.relative(root, resultsDir)}/ (open one in https://googlechrome.github.io/lighthouse/viewer/)`,
  );
}

/** On a busy machine Lighthouse now and then loses the page's trace (NO_NAVSTART): that page is audited once more. */
async function auditPageTwice(browser: AuditBrowser, name: string, url: string): Promise<PageAudit> {
  try {
    return await auditPage(browser, name, url);
  } catch (error) {
    console.log(`  ${name}: ${error instanceof Error ? error.message : String(error)}; auditing it once more`);
    return auditPage(browser, name, url);
  }
}

/** Each figure's median over a page's runs (each figure on its own, so not one run's figures). */
function medianAudit(audits: PageAudit[]): PageAudit {
  const median = (pick: (audit: PageAudit) => number) => {
    const values = audits.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
  };
  return {
    ...audits[0]!,
    scores: {
      performance: median((audit) => audit.scores.performance),
      accessibility: median((audit) => audit.scores.accessibility),
      'best-practices': median((audit) => audit.scores['best-practices']),
      seo: median((audit) => audit.scores.seo),
    },
    firstContentfulPaintMs: median((audit) => audit.firstContentfulPaintMs),
    largestContentfulPaintMs: median((audit) => audit.largestContentfulPaintMs),
    totalBlockingTimeMs: median((audit) => audit.totalBlockingTimeMs),
    cumulativeLayoutShift: median((audit) => audit.cumulativeLayoutShift),
    speedIndexMs: median((audit) => audit.speedIndexMs),
    transferredBytes: median((audit) => audit.transferredBytes),
    requestCount: median((audit) => audit.requestCount),
    scriptRequestCount: median((audit) => audit.scriptRequestCount),
    criticalChainLength: median((audit) => audit.criticalChainLength),
    benchmarkIndex: median((audit) => audit.benchmarkIndex),
  };
}

type GateRun = { audit: PageAudit; othersBusyShare: number | null; isDisturbed: boolean };

/** Runs Lighthouse on home and says how busy the CPUs were meanwhile with work not of this bench. */
async function auditHomeWatchingMachine(browser: AuditBrowser, origin: string): Promise<GateRun> {
  const startedMs = Date.now();
  const machineBefore = machineBusyCpuSeconds();
  const oursBefore = processTreeCpuSeconds(process.pid);
  const audit = await auditPage(browser, 'home', `${origin}/`);
  const oursAfter = processTreeCpuSeconds(process.pid);
  const wallSeconds = (Date.now() - startedMs) / 1000;
  const othersBusyShare =
    oursBefore === null || oursAfter === null
      ? null
      : Math.max(0, machineBusyCpuSeconds() - machineBefore - (oursAfter - oursBefore)) / (wallSeconds * os.cpus().length);
  return { audit, othersBusyShare, isDisturbed: othersBusyShare !== null && othersBusyShare >= QUIET_BUSY_SHARE };
}

/**
 * Home's performance, judged only on a quiet machine; returns the process exit code. A run counts
 * when the CPUs were quiet before it and other processes kept them quiet during it; the best run
 * decides, so a burst of load from elsewhere costs a retry, not a failure, while a page that scores
 * low on a quiet machine fails every time.
 */
async function gateHome(browser: AuditBrowser, origin: string): Promise<number> {
  const runs: GateRun[] = [];
  const waitDeadlineMs = Date.now() + QUIET_MAX_WAIT_MS;
  for (let attempt = 1; attempt <= GATE_MAX_ATTEMPTS; attempt++) {
    const machine = await waitForQuietMachine(QUIET_BUSY_SHARE, Math.max(RETRY_MIN_WAIT_MS, waitDeadlineMs - Date.now()));
    if (!machine.isQuiet) {
      console.log(`run ${attempt}: not started, the machine is busy: ${describeMachine(machine)}`);
      break;
    }
    const run = await auditHomeWatchingMachine(browser, origin);
    keepReport(run.audit, `-run${attempt}`);
    runs.push(run);
    const { audit } = run;
    const others = run.othersBusyShare === null ? 'unknown' : `${Math.round(run.othersBusyShare * 100)}%`;
    console.log(
      `run ${attempt}: home performance ${audit.scores.performance} (LCP ${(audit.largestContentfulPaintMs / 1000).toFixed(2)} s, ` +
        `TBT ${Math.round(audit.totalBlockingTimeMs)} ms, CLS ${audit.cumulativeLayoutShift.toFixed(3)}, CPU index ` +
        `${Math.round(audit.benchmarkIndex)}); before: ${describeMachine(machine)}; during: other processes kept the CPUs ${others} busy` +
        (run.isDisturbed ? ' (disturbed: this run cannot fail the check)' : ''),
    );
    if (audit.scores.performance >= HOME_GOAL_PERFORMANCE) break;
    if (attempt < GATE_MAX_ATTEMPTS)
      console.log(`  below the goal of ${HOME_GOAL_PERFORMANCE}: running again to rule out a burst of load`);
  }
  if (runs.length === 0) {
    console.log(
      `home performance NOT JUDGED: the CPUs did not quiet down (under ${QUIET_BUSY_SHARE * 100}% busy) within ` +
        `${QUIET_MAX_WAIT_MS / 1000} s; the byte budgets (measure-home-js.mjs) do not depend on load and still apply`,
    );
    return 0;
  }
  const best = runs.reduce((a, b) => (b.audit.scores.performance > a.audit.scores.performance ? b : a));
  printAuditTable([best.audit]);
  const score = best.audit.scores.performance;
  if (score >= GATE_MIN_PERFORMANCE) {
    const goal = score >= HOME_GOAL_PERFORMANCE ? 'met' : `not met (CPU index ${Math.round(best.audit.benchmarkIndex)})`;
    console.log(
      `home performance ${score} ≥ ${GATE_MIN_PERFORMANCE}: ok (best of ${runs.length} run(s)); goal ${HOME_GOAL_PERFORMANCE}: ${goal}`,
    );
    return 0;
  }
  if (runs.every((run) => run.isDisturbed)) {
    console.log(
      `home performance NOT JUDGED: best ${score} < ${GATE_MIN_PERFORMANCE}, but other processes loaded the CPUs ` +
        `during every run; the byte budgets still apply`,
    );
    return 0;
  }
  console.error(
    `✖ home performance ${score} < ${GATE_MIN_PERFORMANCE} (best of ${runs.length} run(s), at least one on a quiet machine); ` +
      `costly audits: ${failingAudits(best.audit.reportJson).join(', ')}; reports in ${path.relative(root, resultsDir)}/`,
  );
  return 1;
}

buildWebIfNeeded();
pruneOldReports();
const database = createEmbeddedBenchDatabase('mayur-lighthouse');
// The embedded default, as `npm start` with nothing set runs it, whatever this shell points at.
const server = await startServer(database, {
  NODE_ENV: undefined,
  REDIS_URL: undefined,
  SEED_DEMO: 'true',
  PUBLIC_BASE_URL: undefined,
});
const browser = await launchAuditBrowser();
try {
  const origin = `http://127.0.0.1:${server.port}`;
  console.log(
    `server pid ${server.pid} at ${origin} on ${database.label}; Chromium on DevTools port ${browser.debuggingPort}; ` +
      `machine: ${os.cpus().length} cores, node ${process.version}`,
  );
  if (isGate) process.exitCode = await gateHome(browser, origin);
  else await benchPages(browser, origin);
} finally {
  await browser.close();
  await server.stop();
  await database.cleanup();
}
