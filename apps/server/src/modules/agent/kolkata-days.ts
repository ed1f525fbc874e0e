import { KOLKATA_OFFSET_MS } from '@mayur/contracts';

// The agent programme counts in Asia/Kolkata calendar days (`YYYY-MM-DD`); India keeps no daylight
// saving time, so a day is always 24 hours from 00:00 +05:30.

export const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the Kolkata day that contains `atMs`. */
export function kolkataDay(atMs: number): string {
  return new Date(atMs + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a Kolkata day (`YYYY-MM-DD`) begins. */
export function kolkataDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET_MS;
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
