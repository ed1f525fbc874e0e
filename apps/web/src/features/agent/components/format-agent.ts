/**
 * A commission rate in basis points as a percentage with two decimals: 60 → "0.60%", 1250 → "12.50%".
 * Integer arithmetic, Latin digits like the app's amounts, so a rate reads the same in every language.
 */
export function formatRateBp(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const hundredths = rateBp % 100;
  return `${whole}.${String(hundredths).padStart(2, '0')}%`;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day (`YYYY-MM-DD`, a Kolkata day) in the player's language: "24 Nov 2026", or "24 Nov"
 * with `hasYear` false. Read as a date in UTC so no device time zone moves it to the day before.
 */
export function formatDay(day: string, locale: string, { hasYear = true }: { hasYear?: boolean } = {}): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  const cacheKey = `${locale}|${hasYear}`;
  let formatter = dayFormatters.get(cacheKey);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: hasYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    });
    dayFormatters.set(cacheKey, formatter);
  }
  return formatter.format(date);
}

/** A duration in whole minutes when it is one, else in seconds, in the player's language: "5 minutes", "30 seconds". */
export function formatInterval(seconds: number, locale: string): string {
  const isMinutes = seconds >= 60 && seconds % 60 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: isMinutes ? 'minute' : 'second',
    unitDisplay: 'long',
  }).format(isMinutes ? seconds / 60 : seconds);
}
