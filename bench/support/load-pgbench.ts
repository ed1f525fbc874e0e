// pgbench's TPC-B-like workload on the benchmark's own PostgreSQL server, in a throwaway database, so
// that a benchmark can print its rate next to what plain PostgreSQL does on the same machine at the
// same time (bench/ledger.bench.ts and bench/lottery-bets.bench.ts).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export const PGBENCH_CLIENTS = 16;
export const PGBENCH_SECONDS = 10;
const PGBENCH_SCALE = 10;

export type PgbenchRun = { tps: number | null; text: string };

/** Runs pgbench tpcb-like for `seconds` with `clients` connections (default 16 for 10 s, scale 10). */
export function runPgbench(baseUrl: string, clients = PGBENCH_CLIENTS, seconds = PGBENCH_SECONDS): PgbenchRun {
  if (spawnSync('which', ['pgbench']).status !== 0)
    return { tps: null, text: 'pgbench not installed (apt-get install postgresql-client): skipped' };
  const url = new URL(baseUrl);
  const name = `mayur_pgbench_${randomBytes(4).toString('hex')}`;
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    PGPASSWORD: decodeURIComponent(url.password),
  };
  spawnSync('createdb', [name], { env });
  try {
    spawnSync('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), name], { env, encoding: 'utf8' });
    const run = spawnSync('pgbench', ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds), '-r', name], {
      env,
      encoding: 'utf8',
      timeout: (seconds + 60) * 1_000,
    });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout ?? '')?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(run.stdout ?? '')?.[1];
    return tps
      ? {
          tps: Number(tps),
          text: `${tps} tps, latency average ${latency} ms (-c ${clients} -j 2 -T ${seconds}, scale ${PGBENCH_SCALE})`,
        }
      : { tps: null, text: `pgbench failed: ${run.stderr || run.stdout}` };
  } finally {
    spawnSync('dropdb', ['--if-exists', '--force', name], { env });
  }
}
