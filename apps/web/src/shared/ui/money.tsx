import { formatRupees } from '../lib/money.ts';

type MoneyProps = {
  /** Wire text: "98.00", or signed as in a statement, "+50.00" / "-12.00". */
  value: string;
  /** Shows "+" on money coming in as well as "-" on money going out. */
  isSigned?: boolean;
  className?: string;
  testId?: string;
};

/** An amount from the wire, shown with the app's one money formatter, kept left-to-right. */
export function Money({ value, isSigned = false, className, testId }: MoneyProps) {
  return (
    <span className={`ltr-text ${className ?? ''}`} data-testid={testId}>
      {formatRupees(value, { isSigned })}
    </span>
  );
}
