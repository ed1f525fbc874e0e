import { formatMoney } from '@mayur/rules/money';
import { USDT_TRC20_PAY_TYPE } from '@mayur/rules/field-rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { toPaise } from '../../../shared/lib/money.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AmountChips } from '../components/amount-chips.tsx';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import type { UsdtOrder, UsdtRechargeInfo } from '../components/cash-api.ts';
import {
  checkUsdtRechargeAmount,
  cleanAmountInput,
  formatUsdt,
  readAmount,
  usdtToRupeesPaise,
} from '../components/cash-amounts.ts';
import styles from '../components/cash.module.css';
import { useCashForm } from '../components/use-cash-form.ts';
import screenStyles from './usdt-recharge-screen.module.css';

const FIELD_IDS = { amount: 'usdt-amount' } as const;

/** "10 USDT" on a chip: whole amounts without their ".00". */
function formatUsdtChip(amount: string): string {
  return formatUsdt(amount).replace(/\.00 /, ' ');
}

/** Step 1: how much USDT to send, what it credits in rupees, then a deposit address for it. */
export function UsdtAmountForm({ info, onOrdered }: { info: UsdtRechargeInfo; onOrdered: (order: UsdtOrder) => void }) {
  const { t } = useTranslation('cash');
  const requestKey = useRequestKey();
  const form = useCashForm(FIELD_IDS);
  const [amount, setAmount] = useState('');
  const [isOrdering, setIsOrdering] = useState(false);
  const usdt = readAmount(amount);
  const ratePaise = toPaise(info.rate) ?? 0n;
  const creditedPaise = usdt === null ? null : usdtToRupeesPaise(usdt, ratePaise);

  const editAmount = (value: string) => {
    setAmount(cleanAmountInput(value));
    form.clearField('amount');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isOrdering) return;
    if (!form.validate({ amount: checkUsdtRechargeAmount(amount, info) })) return;
    if (usdt === null) return;
    setIsOrdering(true);
    try {
      const order = await api('/cash/usdtAddressPay', {
        amount: formatMoney(usdt),
        payType: USDT_TRC20_PAY_TYPE,
        requestKey: requestKey.keyFor(String(usdt)),
      });
      requestKey.settle();
      onOrdered(order);
    } catch (error) {
      requestKey.settle(error);
      form.applyServerError(error);
      setIsOrdering(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate data-testid="usdt-amount-form">
      <dl className={screenStyles.facts}>
        <div>
          <dt>{t('cash.usdt.network')}</dt>
          <dd>{t('cash.usdt.networkValue')}</dd>
        </div>
        <div>
          <dt>{t('cash.usdt.rateLabel')}</dt>
          <dd data-testid="usdt-rate">
            <span className="ltr-text">
              1 USDT = <Money value={info.rate} />
            </span>
          </dd>
        </div>
      </dl>
      <TextField
        id={FIELD_IDS.amount}
        label={t('cash.amountLabel')}
        prefix="USDT"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="go"
        maxLength={12}
        hint={t('cash.usdt.amountHint', {
          min: isolateLeftToRight(formatUsdt(info.minUsdt)),
          max: isolateLeftToRight(formatUsdt(info.maxUsdt)),
        })}
        value={amount}
        onValueChange={editAmount}
        error={form.errors.amount}
        readOnly={isOrdering}
      />
      <AmountChips
        amounts={info.quickUsdtAmounts}
        value={amount}
        onPick={(quick) => !isOrdering && editAmount(quick)}
        format={formatUsdtChip}
        label={t('cash.quickPicks')}
      />
      <p className={screenStyles.credited} aria-live="polite">
        <span>{t('cash.usdt.creditedLabel')}</span>
        <span className={screenStyles.creditedValue} data-testid="usdt-credited">
          {creditedPaise === null ? '—' : <Money value={formatMoney(creditedPaise)} />}
        </span>
      </p>
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isOrdering}>
        {t('cash.usdt.getAddress')}
      </Button>
    </form>
  );
}
