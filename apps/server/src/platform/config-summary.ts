import type { Config } from './config.ts';

// What a node runs with, printed once at start so an operator can read it in the log: every setting,
// with secrets replaced by whether they are set, and passwords removed from database and Redis URLs.

const SECRET_KEY = /secret|password|token|authheader|apikey/i;
/** A duration or a count named after a secret (`launchTokenTtlMs`) is not one, and is shown. */
const MEASURE_KEY = /(Ms|Seconds|Minutes|Hours|Days|Count|Length)$/;

/** `postgres://user:pw@host/db` → `postgres://user:***@host/db`; unparsable text is kept only as "set". */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    const secretParameters = [...url.searchParams.keys()].filter((name) => SECRET_KEY.test(name));
    if (!url.password && secretParameters.length === 0) return value;
    if (url.password) url.password = '***';
    for (const name of secretParameters) url.searchParams.set(name, '***');
    return url.toString();
  } catch {
    return '[set, not a URL]';
  }
}

function summarise(key: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (SECRET_KEY.test(key) && !(MEASURE_KEY.test(key) && typeof value === 'number'))
    return value === '' ? '[empty]' : '[redacted]';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && /url$/i.test(key) && value !== '') return redactUrl(value);
  if (Array.isArray(value)) return value.map((item) => summarise('', item));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, summarise(name, inner)]));
  return value;
}

/** The settings as plain JSON for the start log: secrets redacted, amounts as strings. */
export function describeConfig(config: Config): Record<string, unknown> {
  return summarise('', config) as Record<string, unknown>;
}
