import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccountKind } from '../components/payout-account-checks.ts';
import styles from '../components/payout-form.module.css';

const KINDS: readonly BankAccountKind[] = ['bank', 'upi'];

/**
 * Bank card / UPI as one segmented control. Native radio buttons keep the arrow keys, the group's name
 * and the checked state for assistive technology; `data-checked` styles browsers without `:has()`.
 */
export function KindChoice({ value, onValueChange }: { value: BankAccountKind; onValueChange: (kind: BankAccountKind) => void }) {
  const { t } = useTranslation('bank');
  const name = useId();
  return (
    <fieldset className={styles.segments}>
      <legend className="visually-hidden">{t('bank.form.kindLabel')}</legend>
      {KINDS.map((kind) => (
        <label key={kind} className={styles.segment} data-checked={value === kind}>
          <input
            type="radio"
            className={styles.segmentInput}
            name={name}
            value={kind}
            checked={value === kind}
            onChange={() => onValueChange(kind)}
          />
          <span>{t(`bank.kinds.${kind}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
