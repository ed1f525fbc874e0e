import { randomInt } from 'node:crypto';
import { KOLKATA_OFFSET_MS } from '@mayur/rules/kolkata-day';

/**
 * An order number: a prefix, the Kolkata date-time to the second and six random digits
 * ("R20261129002500482913" at 00:25:00 India time on 29 November). It names the business day, as
 * period numbers do, so support finds a player's order under the day the player saw. Readable for
 * support, sortable (Kolkata keeps one offset all year), and not guessable; ownership is still checked
 * on every read.
 */
export function newOrderNumber(prefix: 'R' | 'W', now: Date): string {
  // The Kolkata wall clock, written by toISOString as if it were UTC.
  const stamp = new Date(now.getTime() + KOLKATA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}

/** Hundredths of a USDT ("10.50" parsed as money) in the token's millionths. */
export const MICRO_PER_CENT = 10_000n;

/** Rupee paise for hundredths of a USDT at a rate in paise per USDT, rounded down. */
export function usdtCentsToPaise(cents: bigint, ratePaise: bigint): bigint {
  return (cents * ratePaise) / 100n;
}

/** Hundredths of a USDT for rupee paise at a rate in paise per USDT, rounded down. */
export function paiseToUsdtCents(paise: bigint, ratePaise: bigint): bigint {
  return (paise * 100n) / ratePaise;
}

export function formatUsdtMicro(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const cents = (micro % 1_000_000n) / MICRO_PER_CENT;
  return `${whole}.${cents.toString().padStart(2, '0')}`;
}
