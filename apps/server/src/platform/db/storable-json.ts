// What goes into a jsonb column from outside input (an operator's request, a gateway's callback) must
// always be storable: PostgreSQL refuses a lone UTF-16 surrogate (`"\ud800"`) or a NUL in JSON text,
// and a deeply nested value runs it out of stack. A refused insert of a record written for the sake
// of accountability (the audit log, a payment event) must never be what fails, so such records are
// made well formed and bounded first. Every cut is marked, never silent.

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type StorableJsonLimits = {
  /** Containers nested deeper than this become a marker. */
  maxDepth: number;
  /** Keys kept per object and items kept per array. */
  maxEntries: number;
  /** Characters kept per string. */
  maxStringLength: number;
};

export const DEFAULT_STORABLE_LIMITS: StorableJsonLimits = { maxDepth: 8, maxEntries: 50, maxStringLength: 4000 };

// The NUL is the point of the pattern, so the lint rule against control characters does not apply.
// eslint-disable-next-line no-control-regex
const LONE_SURROGATE_OR_NUL = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000/;
const EVERY_LONE_SURROGATE_OR_NUL = new RegExp(LONE_SURROGATE_OR_NUL.source, 'g');
const REPLACEMENT = '\ufffd';

/** The text with every lone surrogate and NUL replaced by U+FFFD, the character Unicode reserves for that. */
export function wellFormedText(text: string): string {
  return text.replace(EVERY_LONE_SURROGATE_OR_NUL, REPLACEMENT);
}

/** Whether the text holds something PostgreSQL cannot store faithfully (a lone surrogate or a NUL). */
export function isIllFormedText(text: string): boolean {
  return LONE_SURROGATE_OR_NUL.test(text);
}

function storableString(text: string, limits: StorableJsonLimits): string {
  const kept =
    text.length > limits.maxStringLength
      ? `${text.slice(0, limits.maxStringLength)}[… ${text.length - limits.maxStringLength} more characters]`
      : text;
  return wellFormedText(kept);
}

function storable(value: unknown, limits: StorableJsonLimits, depth: number): JsonValue | undefined {
  if (value === null) return null;
  switch (typeof value) {
    case 'string':
      return storableString(value, limits);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= limits.maxDepth) return '[nested too deep]';
  if (Array.isArray(value)) {
    const items = value.slice(0, limits.maxEntries).map((item) => storable(item, limits, depth + 1) ?? null);
    if (value.length > limits.maxEntries) items.push(`[… ${value.length - limits.maxEntries} more items]`);
    return items;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const object: Record<string, JsonValue> = {};
  for (const [key, item] of entries.slice(0, limits.maxEntries)) {
    const kept = storable(item, limits, depth + 1);
    if (kept !== undefined) object[storableString(key, limits)] = kept;
  }
  if (entries.length > limits.maxEntries) object['…'] = `${entries.length - limits.maxEntries} more keys`;
  return object;
}

/** A copy of the value that any jsonb column accepts: well-formed text, bounded depth, entries and lengths. */
export function toStorableJson(value: unknown, limits: StorableJsonLimits = DEFAULT_STORABLE_LIMITS): JsonValue {
  return storable(value, limits, 0) ?? null;
}

/** The value as jsonb parameter text: `toStorableJson`, then JSON. */
export function storableJsonText(value: unknown, limits: StorableJsonLimits = DEFAULT_STORABLE_LIMITS): string {
  return JSON.stringify(toStorableJson(value, limits));
}

/**
 * The path of the first string (or object key) in the value that PostgreSQL cannot store faithfully,
 * or null when there is none. Walks at most `maxDepth` levels: what is deeper is not text anybody stores.
 */
export function findIllFormedText(value: unknown, maxDepth = 32, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isIllFormedText(value) ? path : null;
  if (typeof value !== 'object' || value === null || path.length >= maxDepth) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findIllFormedText(item, maxDepth, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (isIllFormedText(key)) return [...path, key];
    const found = findIllFormedText(item, maxDepth, [...path, key]);
    if (found) return found;
  }
  return null;
}
