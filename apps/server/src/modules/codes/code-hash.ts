import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CodeChannel } from './delivery/code-delivery.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_INTERVAL_MS = 60_000;
export const CODE_MAX_FAILED_ATTEMPTS = 5;

/** Codes are stored as a keyed hash bound to their destination, never in clear. */
export function hashCode(secret: string, channel: CodeChannel, destination: string, code: string): string {
  return createHmac('sha256', secret).update(`${channel}:${destination}:${code}`).digest('hex');
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
