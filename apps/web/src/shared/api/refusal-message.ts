import type { RefusalDetails } from '@mayur/rules/protection-rules';
import { formatDateTime } from '../lib/format-date-time.ts';
import { formatRupees } from '../lib/money.ts';

type Translate = (key: string, options: Record<string, string>) => string;

const LIMIT_KINDS = new Set(['deposit', 'loss']);
const PERIODS = new Set(['day', 'week', 'month']);

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The refusal's details when they are ones this app knows how to word; anything else is ignored. */
function readDetails(details: unknown): RefusalDetails | null {
  if (typeof details !== 'object' || details === null) return null;
  const value = details as Record<string, unknown>;
  if (LIMIT_KINDS.has(value.kind as string) && PERIODS.has(value.period as string)) {
    return isText(value.limit) && isText(value.used) && isText(value.resetsAt) ? (value as RefusalDetails) : null;
  }
  if ((value.exclusion === 'timeout' || value.exclusion === 'self-exclusion') && isText(value.endsAt)) {
    return value as RefusalDetails;
  }
  return null;
}

/**
 * A refusal in the player's words: which limit and when it resets, or until when a break runs, when
 * the server sent those details (`refusals.*`); otherwise the translation of its code (`errors.*`),
 * and failing that the server's own English message.
 */
export function refusalMessage(code: string, fallback: string, details: unknown, translate: Translate, locale: string): string {
  const generic = translate(`errors.${code}`, { defaultValue: fallback });
  const known = readDetails(details);
  if (known === null) return generic;
  if ('exclusion' in known) {
    const key = known.exclusion === 'timeout' ? 'refusals.timeout' : 'refusals.selfExclusion';
    return translate(key, { endsAt: formatDateTime(known.endsAt, locale), defaultValue: generic });
  }
  return translate(`refusals.${known.kind}.${known.period}`, {
    limit: formatRupees(known.limit),
    used: formatRupees(known.used),
    resetsAt: formatDateTime(known.resetsAt, locale),
    defaultValue: generic,
  });
}
