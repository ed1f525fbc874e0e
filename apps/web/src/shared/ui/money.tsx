import { formatRupees } from '../lib/money.ts';

/** An amount from the wire ("98.00"), shown with the app's one money formatter, kept left-to-right. */
export function Money({ value, className }: { value: string; className?: string }) {
  return <span className={`ltr-text ${className ?? ''}`}>{formatRupees(value)}</span>;
}
