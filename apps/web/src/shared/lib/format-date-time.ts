const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, hasYear: boolean): Intl.DateTimeFormat {
  const cacheKey = `${locale}|${hasYear}`;
  let formatter = formatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: hasYear ? 'numeric' : undefined,
      hour: 'numeric',
      minute: '2-digit',
    });
    formatters.set(cacheKey, formatter);
  }
  return formatter;
}

/**
 * A statement's date and time in the player's language and time zone: "Nov 21, 9:17 PM" this year,
 * "Dec 31, 2025, 11:59 PM" before it. The ISO text itself if it is not a date.
 */
export function formatDateTime(isoTime: string, locale: string, now: Date = new Date()): string {
  const date = new Date(isoTime);
  if (Number.isNaN(date.getTime())) return isoTime;
  return formatterFor(locale, date.getFullYear() !== now.getFullYear()).format(date);
}
