import { parseMoney } from '@mayur/rules/money';
import { readAmount } from './cash-amounts.ts';
import styles from './cash.module.css';

/** Quick amounts under an amount field; the one equal to the typed amount is pressed. */
export function AmountChips({
  amounts,
  value,
  onPick,
  format,
  label,
}: {
  /** Wire text, e.g. "500.00". */
  amounts: readonly string[];
  value: string;
  onPick: (amount: string) => void;
  format: (amount: string) => string;
  /** Accessible name of the group. */
  label: string;
}) {
  if (amounts.length === 0) return null;
  const typed = readAmount(value);
  return (
    <div className={styles.chips} role="group" aria-label={label} data-testid="quick-amounts">
      {amounts.map((amount) => (
        <button
          key={amount}
          type="button"
          className={styles.chip}
          aria-pressed={typed !== null && typed === parseMoney(amount)}
          onClick={() => onPick(amount)}
        >
          <span className="ltr-text">{format(amount)}</span>
        </button>
      ))}
    </div>
  );
}
