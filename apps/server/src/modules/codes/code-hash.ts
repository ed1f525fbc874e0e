import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CodeChannel } from './delivery/code-delivery.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_RESEND_INTERVAL_MS = 60_000;
/**
 * Wrong tries a code takes from all sources together before it is dead: a stranger's few cannot spend
 * the owner's code, and 20 in 10^6 is the chance of guessing one code.
 */
export const CODE_MAX_FAILED_ATTEMPTS = 20;
/** Tries one source (an IPv4 address, an IPv6 /64) gets per destination and window, across codes. */
export const CODE_TRIES_PER_SOURCE = 5;
export const CODE_TRIES_WINDOW_MS = 15 * 60_000;

/** Codes are stored as a keyed hash bound to their destination, never in clear. */
export function hashCode(secret: string, channel: CodeChannel, destination: string, code: string): string {
  return createHmac('sha256', secret).update(`${channel}:${destination}:${code}`).digest('hex');
}

export function isSameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
