// The business day of Mayur is the Asia/Kolkata calendar day: periods are numbered from it, order
// numbers and complaint numbers name it, agent commission, protection limits and the dashboard count
// in it. India keeps no daylight saving time, so the day is a fixed offset from UTC.

/** Asia/Kolkata is UTC+05:30 all year. */
export const KOLKATA_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The Kolkata calendar day (`YYYY-MM-DD`) that contains the moment `atMs`. */
export function kolkataDay(atMs: number): string {
  return new Date(Math.floor((atMs + KOLKATA_OFFSET_MS) / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
}

/** The Kolkata day of `atMs` as the eight digits that begin period, order and complaint numbers. */
export function kolkataDayDigits(atMs: number): string {
  return kolkataDay(atMs).replaceAll('-', '');
}

/** The instant a Kolkata day (`YYYY-MM-DD`) begins. */
export function kolkataDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - KOLKATA_OFFSET_MS;
}

/** The calendar day `days` after `day` (before it when negative). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
