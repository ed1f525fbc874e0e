import { createHmac, timingSafeEqual } from 'node:crypto';

// The signature scheme of every gateway message we send or accept (DESIGN.md §8): the hex HMAC-SHA256
// of "<unix seconds>.<raw body>", sent as `x-signature` beside `x-signature-timestamp`. Signing the
// raw bytes (not a re-serialised object) means any change to the body breaks the signature.

export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

export type SignatureCheck = { isValid: true } | { isValid: false; why: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function signBody(secret: string, timestampSeconds: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
}

export function signedHeaders(secret: string, nowMs: number, rawBody: string): Record<string, string> {
  const timestampSeconds = Math.floor(nowMs / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestampSeconds),
    [SIGNATURE_HEADER]: signBody(secret, timestampSeconds, rawBody),
  };
}

function header(headers: Record<string, unknown>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Checks a signed message: the timestamp must be within `toleranceMs` of now (either side, for clock
 * skew) and the signature must match, compared in constant time so its bytes cannot be guessed one by one.
 */
export function verifySignature(
  secret: string,
  headers: Record<string, unknown>,
  rawBody: string,
  nowMs: number,
  toleranceMs: number,
): SignatureCheck {
  const timestampText = header(headers, TIMESTAMP_HEADER);
  const signature = header(headers, SIGNATURE_HEADER);
  if (!timestampText || !signature) return { isValid: false, why: 'missing' };
  if (!/^\d{1,12}$/.test(timestampText) || !/^[0-9a-f]{64}$/i.test(signature)) return { isValid: false, why: 'malformed' };
  const timestampSeconds = Number(timestampText);
  if (Math.abs(nowMs - timestampSeconds * 1000) > toleranceMs) return { isValid: false, why: 'stale' };
  const expected = Buffer.from(signBody(secret, timestampSeconds, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return timingSafeEqual(expected, given) ? { isValid: true } : { isValid: false, why: 'mismatch' };
}
