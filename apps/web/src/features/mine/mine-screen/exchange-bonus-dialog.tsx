import { formatMoney, parseMoney } from '@mayur/rules/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { refreshWallet } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { useFormErrors } from '../../../shared/lib/use-form-errors.ts';
import { checkBonusAmount } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { AppDialog } from '../../../shared/ui/dialog.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { BonusWageringProgress } from './bonus-wagering-progress.tsx';
import styles from './mine-screen.module.css';
import { useBonusWagering } from './use-bonus-wagering.ts';

function ExchangeBonusForm({ availableBonus, onDone }: { availableBonus: string; onDone: () => void }) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const [amount, setAmount] = useState('');
  const [isExchanging, setIsExchanging] = useState(false);
  const form = useFormErrors<'bonus'>({ bonus: 'exchange-bonus-amount' });
  const wagering = useBonusWagering();
  // Known to be locked: the bar above says how much more to bet. Unknown (loading, failed): the server decides.
  const isLocked = wagering.data?.isExchangeable === false;

  const fillAll = () => {
    const availablePaise = parseMoney(availableBonus);
    if (availablePaise === null) return;
    setAmount(formatMoney(availablePaise));
    form.clearField('bonus');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.validate({ bonus: checkBonusAmount(amount, availableBonus) })) return;
    const paise = parseMoney(amount.trim());
    if (paise === null) return;
    setIsExchanging(true);
    try {
      const exchanged = await api('/user/exchangeBonus', {
        bonus: formatMoney(paise),
        requestKey: requestKey.keyFor(String(paise)),
      });
      requestKey.settle();
      refreshWallet(queryClient, session.getToken(), exchanged);
      notify.success(t('exchange.success', { amount: formatRupees(exchanged.amount) }));
      onDone();
    } catch (error) {
      requestKey.settle(error);
      form.applyServerError(error);
      // Bets placed elsewhere since the dialog opened may have moved the requirement: show the fresh one.
      if (isApiError(error) && error.code === 'BONUS_WAGERING_INCOMPLETE') void wagering.refetch();
      setIsExchanging(false);
    }
  };

  return (
    <form className={styles.dialogForm} onSubmit={(event) => void submit(event)} noValidate>
      <p className={styles.availableBonus}>
        <span>{t('exchange.available')}</span>
        <Money value={availableBonus} className={styles.availableBonusValue} testId="exchange-available-bonus" />
      </p>
      <BonusWageringProgress
        wagering={wagering.data}
        isLoading={wagering.isPending}
        isError={wagering.isError}
        onRetry={() => void wagering.refetch()}
      />
      <TextField
        id="exchange-bonus-amount"
        label={t('exchange.amountLabel')}
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        maxLength={20}
        value={amount}
        onValueChange={(value) => {
          setAmount(value);
          form.clearField('bonus');
        }}
        error={form.errors.bonus}
        action={
          <button type="button" className={styles.allButton} onClick={fillAll}>
            {t('exchange.all')}
          </button>
        }
      />
      <FormError message={form.formError} />
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isBusy={isExchanging} disabled={isLocked}>
          {t('exchange.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Exchange bonus to cash (POST /user/exchangeBonus), from the balance card on Mine. */
export function ExchangeBonusDialog({
  isOpen,
  onOpenChange,
  availableBonus,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The bonus the player holds, as wire text ("5.00"). */
  availableBonus: string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <AppDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={t('exchange.title')}
      description={t('exchange.intro')}
      testId="exchange-bonus-dialog"
      initialFocus="first-control"
    >
      {isOpen && <ExchangeBonusForm availableBonus={availableBonus} onDone={() => onOpenChange(false)} />}
    </AppDialog>
  );
}
