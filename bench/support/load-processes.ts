// What the load benchmarks read about processes on this machine (Linux /proc): CPU seconds and resident
// memory of one process, the CPU of PostgreSQL's processes, and the load average. Reading /proc costs
// the generator almost nothing, unlike asking the server over HTTP while it is under load.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

/** User and system CPU seconds a process has used so far; null where it cannot be read. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Resident memory of a process in bytes; 0 where it cannot be read. */
export function residentBytes(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kib ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds by pid of every PostgreSQL process on this machine, and of those whose title names
 * `databaseName` (the backends serving it: "postgres: 15/main: postgres <database> 127.0.0.1(…) idle").
 */
export type PostgresCpu = { backends: Map<number, number>; all: Map<number, number> };

export function postgresCpuSeconds(databaseName: string | null): PostgresCpu {
  const backends = new Map<number, number>();
  const all = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    let title: string;
    try {
      title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres') && !title.includes('/bin/postgres')) continue;
    const used = processCpuSeconds(pid);
    if (used === null) continue;
    all.set(pid, used);
    if (databaseName && title.includes(` ${databaseName} `)) backends.set(pid, used);
  }
  return { backends, all };
}

/**
 * CPU used between two readings: processes that appeared meanwhile count from zero; a process that
 * ended meanwhile is lost (its last reading is gone with it), which undercounts slightly.
 */
export function cpuUsedBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

export function loadAverageText(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

/** CPU seconds as a share of one core over `wallSeconds`. */
export function coreShare(cpuSeconds: number, wallSeconds: number): string {
  return `${((100 * cpuSeconds) / Math.max(0.001, wallSeconds)).toFixed(0)} % of a core`;
}
