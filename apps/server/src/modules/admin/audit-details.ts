import { z } from 'zod';

// What an audit row says of a request: the fields the endpoint's schema knows, never unknown ones
// (whatever a client adds is not the operator's change), with secrets replaced by a mark saying they
// were given and uploads by their length. audit-log.ts then makes the record well formed and bounded.

const SECRET_FIELDS = new Set(['password', 'newPassword', 'currentPassword', 'code', 'recoveryCode', 'enrolmentToken']);
/** Uploaded files: the audit row says how long they were; the record's `after` names the file by its hash. */
const FILE_FIELDS = new Set(['imageBase64']);
const MAX_FIELDS = 20;

function masked(key: string, value: unknown): unknown {
  if (SECRET_FIELDS.has(key)) return '[given]';
  if (FILE_FIELDS.has(key) && typeof value === 'string') return `[${value.length} characters of base64]`;
  return value;
}

/** The schema-parsed input as the audit row records it. */
export function auditDetailsOfInput(input: unknown): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return {};
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>)
      .slice(0, MAX_FIELDS)
      .map(([key, value]) => [key, masked(key, value)]),
  );
}

/** The keys a request schema reads, when it is an object schema (possibly wrapped); none otherwise. */
function knownKeys(schema: z.ZodType): Set<string> {
  if (schema instanceof z.ZodObject) return new Set(Object.keys(schema.shape));
  if (schema instanceof z.ZodPipe) return knownKeys(schema.in as z.ZodType);
  return new Set();
}

/**
 * A refused request has no parsed input: the row records what it gave for the fields the schema
 * knows, as given (audit-log.ts bounds it), so an investigator sees what was attempted.
 */
export function auditDetailsOfRefusedBody(schema: z.ZodType, body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const keys = knownKeys(schema);
  return auditDetailsOfInput(
    Object.fromEntries(Object.entries(body as Record<string, unknown>).filter(([key]) => keys.has(key))),
  );
}
