import { parseMoney, type Paise } from '@mayur/contracts/money';
import { wingoFeePaise, type WingoSelection } from '@mayur/contracts/lottery-rooms';
import { clampContractCount, lotteryStakeProblem, MAX_CONTRACT_COUNT } from '@mayur/contracts/lottery-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CheckboxField, FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { PresaleRules } from './presale-rules.tsx';
import { useSelectionLabel } from './my-record.tsx';
import styles from './lottery.module.css';

export const CONTRACT_MONEY_CHOICES = ['1.00', '10.00', '100.00', '1000.00'] as const;
const QUICK_COUNTS = [1, 5, 10, 20, 50, 100] as const;

export type WingoBetRequest = { select: WingoSelection; contractMoney: string; contractCount: number };

type WingoBetSheetProps = {
  selection: WingoSelection | null;
  onClose: () => void;
  /** Sends the bet; rejects with an ApiError on refusal. */
  onConfirm: (bet: WingoBetRequest) => Promise<void>;
  isBettingOpen: boolean;
  /** The room's maximum stake as the period publishes it; empty until the period is known. */
  maxBet: string;
  /** The cash balance when known, to refuse an unaffordable bet before a round trip. */
  balance: string | null;
};

/** The betting sheet: contract money, count, total with fee and delivery, the presale rule and confirm. */
export function WingoBetSheet({ selection, onClose, onConfirm, isBettingOpen, maxBet, balance }: WingoBetSheetProps) {
  const { t } = useTranslation('lottery');
  const selectionLabel = useSelectionLabel();
  const countId = useId();
  const [contractMoney, setContractMoney] = useState<string>(CONTRACT_MONEY_CHOICES[0]);
  const [count, setCount] = useState(1);
  const [hasAgreed, setHasAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const moneyPaise: Paise = parseMoney(contractMoney) ?? 0n;
  const totalPaise = moneyPaise * BigInt(count);
  const feePaise = wingoFeePaise(totalPaise);
  const deliveryPaise = totalPaise - feePaise;

  const check = (): string | null => {
    if (!isBettingOpen) return t('errors.BETTING_CLOSED');
    if (!hasAgreed) return t('errors.PRESALE_RULE_REQUIRED');
    const stakeProblem = lotteryStakeProblem(totalPaise, toPaise(maxBet));
    if (stakeProblem) return t(`errors.${stakeProblem}`);
    const balancePaise = balance === null ? null : toPaise(balance);
    if (balancePaise !== null && totalPaise > balancePaise) return t('errors.INSUFFICIENT_BALANCE');
    return null;
  };

  const confirm = async () => {
    if (!selection) return;
    const problem = check();
    setError(problem);
    if (problem) return;
    setIsSending(true);
    try {
      await onConfirm({ select: selection, contractMoney, contractCount: count });
      close();
    } catch (caught) {
      // The API client has already shown the refusal as a toast; it is repeated here, beside the button.
      setError(isApiError(caught) ? caught.message : t('errors.NETWORK'));
    } finally {
      setIsSending(false);
    }
  };

  const close = () => {
    setError(null);
    onClose();
  };

  const setClampedCount = (next: number) => setCount(clampContractCount(next));

  return (
    <AppDialog
      isOpen={selection !== null}
      onOpenChange={(isOpen) => !isOpen && !isSending && close()}
      title={selection ? t('lottery.sheet.title', { selection: selectionLabel(selection) }) : ''}
      testId="bet-sheet"
      initialFocus="first-control"
      actions={
        <div className={styles.sheetActions}>
          <Button variant="secondary" onClick={close} disabled={isSending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} isBusy={isSending} data-testid="bet-confirm">
            {t('lottery.sheet.confirm', { total: formatRupees(totalPaise) })}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('lottery.sheet.contractMoney')}</legend>
        <div className={styles.chips}>
          {CONTRACT_MONEY_CHOICES.map((choice) => (
            <label key={choice} className={styles.chip} data-checked={choice === contractMoney}>
              <input
                type="radio"
                name="contract-money"
                value={choice}
                checked={choice === contractMoney}
                onChange={() => setContractMoney(choice)}
                className={styles.chipInput}
              />
              <span className="ltr-text">{formatRupees(choice)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className={styles.fieldset}>
        <label htmlFor={countId} className={styles.legend}>
          {t('lottery.sheet.count')}
        </label>
        <div className={styles.stepper}>
          <button
            type="button"
            className={styles.stepperButton}
            aria-label={t('lottery.sheet.decrease')}
            onClick={() => setClampedCount(count - 1)}
            disabled={count <= 1}
          >
            −
          </button>
          <input
            id={countId}
            className={styles.stepperInput}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CONTRACT_COUNT}
            value={count}
            onChange={(event) => setClampedCount(Number.parseInt(event.target.value, 10))}
            data-testid="bet-count"
          />
          <button
            type="button"
            className={styles.stepperButton}
            aria-label={t('lottery.sheet.increase')}
            onClick={() => setClampedCount(count + 1)}
            disabled={count >= MAX_CONTRACT_COUNT}
          >
            +
          </button>
        </div>
        <div className={styles.chips} role="group" aria-label={t('lottery.sheet.quickCounts')}>
          {QUICK_COUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              className={styles.chip}
              data-checked={quick === count}
              onClick={() => setCount(quick)}
            >
              <span className="ltr-text">×{quick}</span>
            </button>
          ))}
        </div>
      </div>

      <dl className={styles.sheetSummary}>
        <div>
          <dt>{t('lottery.sheet.total')}</dt>
          <dd className="ltr-text" data-testid="bet-total">
            {formatRupees(totalPaise)}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.fee')}</dt>
          <dd className="ltr-text" data-testid="bet-fee-preview">
            {formatRupees(feePaise)}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.delivery')}</dt>
          <dd className="ltr-text">{formatRupees(deliveryPaise)}</dd>
        </div>
      </dl>

      <CheckboxField
        label={t('lottery.sheet.agree')}
        isChecked={hasAgreed}
        onCheckedChange={(isChecked) => {
          setHasAgreed(isChecked);
          if (isChecked) setError(null);
        }}
        after={
          <details className={styles.presale}>
            <summary>{t('lottery.sheet.presaleRule')}</summary>
            <PresaleRules game="wingo" />
          </details>
        }
      />
      <FormError message={error} />
    </AppDialog>
  );
}
