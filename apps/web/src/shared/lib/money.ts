import { formatMoney, parseMoney, type Paise } from '@mayur/rules/money';
import { isolateLeftToRight } from './bidi.ts';

const RUPEE = '\u20B9';

/** Groups the digits of a whole number the Indian way: 1234567 → "12,34,567". */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${lastThree}`;
}

/** Reads a wire amount ("98.00", "-5.50", "+50.00") or paise into paise, or null when it is not an amount. */
export function toPaise(value: string | Paise): Paise | null {
  if (typeof value === 'bigint') return value;
  const text = value.trim();
  const isNegative = text.startsWith('-');
  const paise = parseMoney(isNegative || text.startsWith('+') ? text.slice(1) : text);
  if (paise === null) return null;
  return isNegative ? -paise : paise;
}

export type FormatRupeesOptions = {
  /** Marks money coming in with "+" too, as in a statement: "+₹50.00", "-₹12.00" (zero stays unsigned). */
  isSigned?: boolean;
};

/**
 * The one money formatter of the web app: rupees with the Indian digit grouping, always two decimals,
 * e.g. "₹12,34,567.89" and "-₹5.00". Amounts stay decimal text or bigint paise all the way; they never
 * pass through a floating-point number.
 */
export function formatRupees(value: string | Paise, { isSigned = false }: FormatRupeesOptions = {}): string {
  const paise = toPaise(value);
  if (paise === null) return '—';
  const text = formatMoney(paise);
  const isNegative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = (isNegative ? text.slice(1) : text).split('.');
  const sign = isNegative ? '-' : isSigned && paise > 0n ? '+' : '';
  return `${sign}${RUPEE}${groupIndian(whole)}.${fraction}`;
}

/** "₹1.10", "₹10,000": whole rupees without their ".00", so a room's bet range fits a tile or chip; kept whole in Arabic. */
export function shortRupees(paise: Paise): string {
  return isolateLeftToRight(formatRupees(paise).replace(/\.00$/, ''));
}
