import { type WingoSelection, wingoFeePaise } from '@mayur/rules/lottery-rooms';
import { clampContractCount, lotteryStakeProblem, MAX_CONTRACT_COUNT } from '@mayur/rules/lottery-rules';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { keepInputValue } from '../../../shared/lib/keep-input-value.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { CheckboxField, FormError } from '../../../shared/ui/checkbox-field.tsx';
import { BetSheet } from './bet-sheet.tsx';
import { useSelectionLabel } from './my-record.tsx';
import { PresaleRules } from './presale-rules.tsx';
import type { LotteryRound } from './use-lottery-round.ts';
import { CONTRACT_MONEY_CHOICES, defaultWingoStake, QUICK_COUNTS, stakePaise } from './wingo-stake.ts';
import styles from './lottery.module.css';

export type WingoBetRequest = { select: WingoSelection; contractMoney: string; contractCount: number };

type WingoBetSheetProps = {
  selection: WingoSelection | null;
  onClose: () => void;
  /** Sends the bet; rejects with an ApiError on refusal. */
  onConfirm: (bet: WingoBetRequest) => Promise<void>;
  round: LotteryRound;
  /** The cash balance when known, to refuse an unaffordable bet before a round trip. */
  balance: string | null;
};

/**
 * The betting sheet: contract money chips, the count with its multiplier chips, the total with fee and
 * delivery, the presale rule and confirm. Each opening starts again from the default stake (the room
 * view mounts it afresh per selection), so a count chosen for one bet never carries into the next.
 */
export function WingoBetSheet({ selection, onClose, onConfirm, round, balance }: WingoBetSheetProps) {
  const { t } = useTranslation('lottery');
  const selectionLabel = useSelectionLabel();
  const countId = useId();
  const maxBetPaise = toPaise(round.period?.maxBet ?? '');
  const [stake] = useState(() => defaultWingoStake(maxBetPaise));
  const [contractMoney, setContractMoney] = useState<string>(stake.contractMoney);
  const [count, setCount] = useState(stake.count);
  const [hasAgreed, setHasAgreed] = useState(() => hasAgreedThisVisit);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const totalPaise = stakePaise(contractMoney, count);
  const feePaise = wingoFeePaise(totalPaise);
  const deliveryPaise = totalPaise - feePaise;
  const stakeProblem = lotteryStakeProblem(totalPaise, maxBetPaise);
  const isBettingOpen = round.phase === 'betting';

  const check = (): string | null => {
    if (!isBettingOpen) return t('errors.BETTING_CLOSED');
    if (!hasAgreed) return t('errors.PRESALE_RULE_REQUIRED');
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
      onClose();
    } catch (caught) {
      // The API client has already shown the refusal as a toast; it is repeated here, beside the button.
      setError(isApiError(caught) ? caught.message : t('errors.NETWORK'));
      setIsSending(false);
    }
  };

  const close = () => {
    if (!isSending) onClose();
  };
  const setClampedCount = (next: number) => setCount(clampContractCount(next));

  return (
    <BetSheet
      isOpen={selection !== null}
      onClose={close}
      select={selection}
      title={selection ? t('lottery.sheet.title', { selection: selectionLabel(selection) }) : ''}
      round={round}
      testId="bet-sheet"
      actions={
        <div className={styles.sheetActions}>
          <Button variant="secondary" onClick={close} disabled={isSending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void confirm()} isBusy={isSending} disabled={!isBettingOpen} data-testid="bet-confirm">
            {t('lottery.sheet.confirm', { total: formatRupees(totalPaise) })}
          </Button>
        </div>
      }
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('lottery.sheet.contractMoney')}</legend>
        <div className={styles.moneyChips}>
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
            onChange={(event) => {
              const next = clampContractCount(Number.parseInt(event.currentTarget.value, 10));
              setCount(Number(keepInputValue(event.currentTarget, String(next))));
            }}
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
        <div className={styles.countChips} role="group" aria-label={t('lottery.sheet.quickCounts')}>
          {QUICK_COUNTS.map((quick) => (
            <button
              key={quick}
              type="button"
              className={styles.chip}
              data-checked={quick === count}
              aria-pressed={quick === count}
              onClick={() => setCount(quick)}
            >
              <span className="ltr-text">×{quick}</span>
            </button>
          ))}
        </div>
      </div>

      <dl className={styles.sheetSummary}>
        <div className={styles.sheetTotal}>
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
      {stakeProblem && (
        <p className={styles.stakeHint} data-testid="stake-problem">
          {t(`errors.${stakeProblem}`)}
        </p>
      )}

      <CheckboxField
        label={t('lottery.sheet.agree')}
        isChecked={hasAgreed}
        onCheckedChange={(isChecked) => {
          hasAgreedThisVisit = isChecked;
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
    </BetSheet>
  );
}

/** The presale rule, once agreed to, stays agreed for the page's life (as the original app keeps its box ticked). */
let hasAgreedThisVisit = false;
