// What the Lighthouse bench and the test tier's Lighthouse check share: Debian's Chromium on a
// DevTools port of its own, a player's session put where the web app keeps it, one Lighthouse run
// of a page (the default mobile profile: simulated slow 4G, 4x CPU slowdown) summed up as scores and
// core metrics, a printed table, and a wait for the machine to be quiet before a run that is judged.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import WebSocket from 'ws';
import { stopOnExit } from './load-server.ts';

const CHROMIUM = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--mute-audio',
];
const BROWSER_START_TIMEOUT_MS = 20_000;
const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const CDP_TIMEOUT_MS = 15_000;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type AuditBrowser = {
  debuggingPort: number;
  /** Writes `entries` into the localStorage of `origin`, as the web app would have. */
  /** Writes each entry into the origin's localStorage; a null value removes the key. */
  setLocalStorage(origin: string, entries: Record<string, string | null>): Promise<void>;
  close(): Promise<void>;
};

/**
 * One Chromium with a profile folder of its own for a whole bench: Lighthouse clears the HTTP cache,
 * service workers and cache storage before each navigation (a first visit every time) but not
 * localStorage, so a session written once stays signed in for the pages that need one.
 */
export async function launchAuditBrowser(): Promise<AuditBrowser> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mayur-lighthouse-profile-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  stopOnExit(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes may still be writing into the profile as the browser exits: retry,
    // and never let a leftover temporary folder fail the measurement.
    try {
      fs.rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`could not remove the Chromium profile ${profileDir}: ${(error as Error).message}`);
    }
  };
  // Chromium writes the port it chose into the profile folder once DevTools listens.
  const portFile = path.join(profileDir, 'DevToolsActivePort');
  const deadlineMs = Date.now() + BROWSER_START_TIMEOUT_MS;
  while (!fs.existsSync(portFile) || fs.readFileSync(portFile, 'utf8').split('\n').length < 2) {
    if (child.exitCode !== null || Date.now() > deadlineMs) {
      await close();
      throw new Error(`${CHROMIUM} did not open a DevTools port within ${BROWSER_START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const debuggingPort = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    debuggingPort,
    setLocalStorage: (origin, entries) => setLocalStorage(debuggingPort, origin, entries),
    close,
  };
}

/** Opens a tab on `origin`, writes the entries over the DevTools protocol and closes the tab. */
async function setLocalStorage(debuggingPort: number, origin: string, entries: Record<string, string | null>): Promise<void> {
  const devtools = `http://127.0.0.1:${debuggingPort}`;
  const target = (await (await fetch(`${devtools}/json/new?about:blank`, { method: 'PUT' })).json()) as {
    id: string;
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const pending = new Map<number, (message: { error?: { message: string } }) => void>();
  const events: Array<(method: string) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; method?: string; error?: { message: string } };
    if (message.id !== undefined) pending.get(message.id)?.(message);
    if (message.method) for (const listener of events) listener(message.method);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<void>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => reject(new Error(`DevTools ${method} timed out`)), CDP_TIMEOUT_MS);
      pending.set(id, (message) => {
        clearTimeout(timer);
        if (message.error) reject(new Error(`DevTools ${method}: ${message.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send('Page.enable');
    const loaded = new Promise<void>((resolve) => events.push((method) => method === 'Page.loadEventFired' && resolve()));
    // The health check is the smallest document of the origin, and it never redirects.
    await send('Page.navigate', { url: `${origin}/healthz` });
    await loaded;
    const assignments = Object.entries(entries)
      .map(([key, value]) =>
        value === null
          ? `localStorage.removeItem(${JSON.stringify(key)});`
          : `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
      )
      .join('');
    await send('Runtime.evaluate', { expression: assignments });
  } finally {
    socket.close();
    await fetch(`${devtools}/json/close/${target.id}`);
  }
}

export type PageAudit = {
  name: string;
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
  speedIndexMs: number;
  /** Bytes the page transferred, as Lighthouse counted them (compressed where the server compressed). */
  transferredBytes: number;
  /** Requests the page made while Lighthouse watched it, and how many of them were scripts. */
  requestCount: number;
  scriptRequestCount: number;
  /** Requests in the longest critical request chain (the document counts as one). */
  criticalChainLength: number;
  /** Lighthouse's measure of this machine's CPU speed when the run began (higher is faster). */
  benchmarkIndex: number;
  warnings: string[];
  reportJson: string;
};

/** One Lighthouse navigation of `url` with the default (mobile) settings on the given browser. */
export async function auditPage(browser: AuditBrowser, name: string, url: string): Promise<PageAudit> {
  const runnerResult = await lighthouse(url, {
    port: browser.debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr: LighthouseResult = runnerResult.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  return {
    name,
    url,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    firstContentfulPaintMs: numeric('first-contentful-paint'),
    largestContentfulPaintMs: numeric('largest-contentful-paint'),
    totalBlockingTimeMs: numeric('total-blocking-time'),
    cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    transferredBytes: numeric('total-byte-weight'),
    ...requestFigures(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    reportJson: Array.isArray(runnerResult.report) ? runnerResult.report.join('') : runnerResult.report,
  };
}

/** Figures that do not depend on the machine's load: how many requests, and how deep they chain. */
function requestFigures(lhr: LighthouseResult) {
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string }[] } | undefined)?.items ?? [];
  const chains = lhr.audits['critical-request-chains']?.details as { longestChain?: { length?: number } } | undefined;
  return {
    requestCount: requests.length,
    scriptRequestCount: requests.filter((request) => request.resourceType === 'Script').length,
    criticalChainLength: chains?.longestChain?.length ?? Number.NaN,
  };
}

/** The audits that cost points, worst first, for a reader who wants to know why a score is low. */
export function failingAudits(reportJson: string, limit = 6): string[] {
  const lhr = JSON.parse(reportJson) as LighthouseResult;
  return Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
    .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
    .slice(0, limit)
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function printAuditTable(audits: PageAudit[]): void {
  const header = [
    'page',
    'perf',
    'a11y',
    'best',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
    'transferred',
    'requests',
    'scripts',
    'chain',
    'CPU index',
  ];
  const rows = audits.map((audit) => [
    audit.name,
    String(audit.scores.performance),
    String(audit.scores.accessibility),
    String(audit.scores['best-practices']),
    String(audit.scores.seo),
    seconds(audit.firstContentfulPaintMs),
    seconds(audit.largestContentfulPaintMs),
    `${Math.round(audit.totalBlockingTimeMs)} ms`,
    audit.cumulativeLayoutShift.toFixed(3),
    seconds(audit.speedIndexMs),
    `${(audit.transferredBytes / 1000).toFixed(1)} kB`,
    String(audit.requestCount),
    String(audit.scriptRequestCount),
    String(audit.criticalChainLength),
    String(Math.round(audit.benchmarkIndex)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** Share of all cores' time spent busy over `sampleMs` (0 idle … 1 every core busy), from os.cpus(). */
export async function busyShareOfCpus(sampleMs: number): Promise<number> {
  const totals = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { user, nice, sys, irq, idle } = cpu.times;
        return { busy: sum.busy + user + nice + sys + irq, all: sum.all + user + nice + sys + irq + idle };
      },
      { busy: 0, all: 0 },
    );
  const before = totals();
  await new Promise((resolve) => setTimeout(resolve, sampleMs));
  const after = totals();
  return after.all === before.all ? 0 : (after.busy - before.busy) / (after.all - before.all);
}

/**
 * CPU seconds used so far by process `rootPid` and all its descendants, living or ended (an ended
 * process's time is in its parent's cutime/cstime once reaped, as Chromium reaps its renderers);
 * null where /proc cannot be read (not Linux).
 */
export function processTreeCpuSeconds(rootPid: number): number | null {
  const children = new Map<number, number[]>();
  const cpuSeconds = new Map<number, number>();
  try {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      } catch {
        continue; // ended while we looked
      }
      // Fields after the command name: state, ppid, … utime (12th), stime, cutime, cstime.
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const ppid = Number(fields[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      cpuSeconds.set(Number(entry), fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / CLOCK_TICKS_PER_SECOND);
    }
  } catch {
    return null;
  }
  let total = 0;
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    total += cpuSeconds.get(pid) ?? 0;
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** CPU seconds all cores have spent busy since boot, from os.cpus(). */
export function machineBusyCpuSeconds(): number {
  return os.cpus().reduce((sum, { times }) => sum + (times.user + times.nice + times.sys + times.irq) / 1000, 0);
}

export type MachineState = { isQuiet: boolean; busyShare: number; loadAverage1m: number; waitedMs: number };

/**
 * Waits until the CPUs are mostly idle (busy below `busyLimit` over a 3-second sample) or `maxWaitMs`
 * passes. The sample says what other processes do now; the 1-minute load average, printed beside it,
 * says what they did lately.
 */
export async function waitForQuietMachine(busyLimit: number, maxWaitMs: number): Promise<MachineState> {
  const startedMs = Date.now();
  for (;;) {
    const busyShare = await busyShareOfCpus(3_000);
    const state = { busyShare, loadAverage1m: os.loadavg()[0]!, waitedMs: Date.now() - startedMs };
    if (busyShare < busyLimit) return { ...state, isQuiet: true };
    if (state.waitedMs >= maxWaitMs) return { ...state, isQuiet: false };
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

export function describeMachine(state: MachineState): string {
  return (
    `CPUs ${Math.round(state.busyShare * 100)}% busy over 3 s, load average ${state.loadAverage1m.toFixed(2)} ` +
    `on ${os.cpus().length} cores${state.waitedMs >= 1_000 ? ` (after waiting ${Math.round(state.waitedMs / 1000)} s)` : ''}`
  );
}
