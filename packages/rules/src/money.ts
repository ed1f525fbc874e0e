// Money is integer paise everywhere; the wire carries two-decimal strings ("98.00").
// No floating point touches an amount: parsing and formatting work on the decimal text.

export type Paise = bigint;

/** What a person may type: rupees without leading zeros, then at most two decimals ("12", "12.5"). */
const MONEY_TEXT = /^(0|[1-9]\d{0,15})(?:\.(\d{1,2}))?$/;
/** Exactly what `formatMoney` writes: an optional minus, rupees without leading zeros, two decimals. */
export const FORMATTED_MONEY_PATTERN = /^-?(0|[1-9]\d*)\.\d{2}$/;

/** Parses "12", "12.5", "12.50" (or a number with at most two decimals) into paise; null when invalid. */
export function parseMoney(value: unknown): Paise | null {
  let text: string;
  if (typeof value === 'string') text = value.trim();
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else return null;
  const match = MONEY_TEXT.exec(text);
  if (!match) return null;
  const rupees = BigInt(match[1]!);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return rupees * 100n + BigInt(fraction);
}

/**
 * The strict form for messages from machines (a gateway's signed callback): only the exact text
 * `formatMoney` writes for a non-negative amount ("500.00") is accepted; no leading zeros, no missing
 * or extra decimals, no spaces or signs, no numbers. Null when the value is anything else, so a
 * caller can refuse what it cannot compare.
 */
export function parseCanonicalMoney(value: unknown): Paise | null {
  if (typeof value !== 'string') return null;
  const paise = parseMoney(value);
  return paise !== null && formatMoney(paise) === value ? paise : null;
}

/** Formats paise as the wire's two-decimal string: 9800n → "98.00", -5n → "-0.05". */
export function formatMoney(paise: Paise): string {
  const isNegative = paise < 0n;
  const absolute = isNegative ? -paise : paise;
  const rupees = absolute / 100n;
  const fraction = (absolute % 100n).toString().padStart(2, '0');
  return `${isNegative ? '-' : ''}${rupees}.${fraction}`;
}
