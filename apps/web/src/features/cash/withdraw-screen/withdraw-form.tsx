import type { TPayoutAccount } from '@mayur/contracts';
import { formatMoney } from '@mayur/rules/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { queryKeys, refreshWallet } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { checkWithdrawPassword } from '../../../shared/lib/validation.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { refreshCash, type PayoutGroup, type WithdrawInfo } from '../components/cash-api.ts';
import {
  allWithdrawableAmount,
  checkWithdrawAmount,
  cleanAmountInput,
  formatRupeesShort,
  formatUsdt,
  readAmount,
  rupeesToUsdtHundredths,
} from '../components/cash-amounts.ts';
import styles from '../components/cash.module.css';
import { payoutAccountLabel } from '../../../shared/lib/payout-account-label.ts';
import { useCashForm } from '../components/use-cash-form.ts';
import { PayoutAccountPicker } from './payout-account-picker.tsx';
import { WithdrawConfirmDialog, type WithdrawConfirmation } from './withdraw-confirm-dialog.tsx';
import screenStyles from './withdraw-screen.module.css';

const FIELD_IDS = { account: 'withdraw-account', amount: 'withdraw-amount', withdrawPassword: 'withdraw-password' } as const;

/** Refusals after which what this screen shows (balance, accounts, whether a password is set) is out of date. */
const STALE_DATA_CODES = new Set(['PAYOUT_ACCOUNT_NOT_FOUND', 'WITHDRAW_PASSWORD_NOT_SET', 'INSUFFICIENT_BALANCE']);

export function minimumOf(info: WithdrawInfo, group: PayoutGroup): string {
  return group === 'usdt' ? info.minUsdtAmount : info.minBankAmount;
}

/** The account, the amount and the withdrawal password; then a confirmation; then the request. */
export function WithdrawForm({
  group,
  info,
  accounts,
}: {
  group: PayoutGroup;
  info: WithdrawInfo;
  /** Newest first. */
  accounts: readonly TPayoutAccount[];
}) {
  const { t } = useTranslation('cash');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const requestKey = useRequestKey();
  const form = useCashForm(FIELD_IDS);
  const [chosenAccountId, setChosenAccountId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [withdrawPassword, setWithdrawPassword] = useState('');
  const [confirmation, setConfirmation] = useState<(WithdrawConfirmation & { account: TPayoutAccount }) | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  // The newest account is chosen until the player picks another (or the picked one disappears).
  const account = accounts.find((candidate) => candidate.id === chosenAccountId) ?? accounts[0] ?? null;
  const minAmount = minimumOf(info, group);
  const limits = { minAmount, maxAmount: info.maxAmount, balance: info.balance };
  const ratePaise = toPaise(info.usdtRate) ?? 0n;
  const typedPaise = readAmount(amount);
  const usdtOut = group === 'usdt' && typedPaise !== null ? rupeesToUsdtHundredths(typedPaise, ratePaise) : null;

  const editAmount = (value: string) => {
    setAmount(cleanAmountInput(value));
    form.clearField('amount');
  };

  const fillAll = () => {
    const all = allWithdrawableAmount(info.balance, info.maxAmount);
    if (all !== null) editAmount(all);
  };

  const accountName = (chosen: TPayoutAccount) => {
    const label = payoutAccountLabel(chosen);
    return chosen.kind === 'bank' ? label : `${t(`cash.accountKinds.${chosen.kind}`)} ${label}`;
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const isValid = form.validate({
      account: account ? null : 'BANK_CARD_REQUIRED',
      amount: checkWithdrawAmount(amount, limits),
      withdrawPassword: info.hasWithdrawPassword ? checkWithdrawPassword(withdrawPassword) : 'WITHDRAW_PASSWORD_NOT_SET',
    });
    if (!isValid || !account || typedPaise === null) return;
    setConfirmation({ amountPaise: typedPaise, accountName: accountName(account), usdtOut, account });
  };

  const withdraw = async () => {
    if (!confirmation || isSubmitting) return;
    const { amountPaise, account: destination } = confirmation;
    setIsSubmitting(true);
    try {
      const result = await api('/cash/withdrawNew', {
        amount: formatMoney(amountPaise),
        bankCardId: destination.id,
        withdrawPassword,
        requestKey: requestKey.keyFor(`${amountPaise}|${destination.id}`),
      });
      requestKey.settle();
      const token = session.getToken();
      // The request moved the amount out of the balance at once; show that before the refetch lands.
      queryClient.setQueryData(queryKeys.balance(token), (current: { balance: string; bonus: string } | undefined) =>
        current ? { ...current, balance: result.balance } : current,
      );
      refreshWallet(queryClient, token);
      refreshCash(queryClient, token);
      notify.success(t('cash.withdraw.success', { amount: formatRupees(result.amount) }));
      navigate('/withdraw_log');
    } catch (error) {
      requestKey.settle(error);
      // Close the dialog first: while it is open the form behind it cannot take focus.
      flushSync(() => {
        setConfirmation(null);
        setIsSubmitting(false);
      });
      form.applyServerError(error);
      if (isApiError(error) && STALE_DATA_CODES.has(error.code)) refreshCash(queryClient, session.getToken());
    }
  };

  return (
    <form className={styles.card} onSubmit={review} noValidate data-testid="withdraw-form">
      <PayoutAccountPicker
        group={group}
        accounts={accounts}
        selectedId={account?.id ?? null}
        onSelect={(id) => {
          setChosenAccountId(id);
          form.clearField('account');
        }}
        error={form.errors.account}
        groupId={FIELD_IDS.account}
      />
      <div className={screenStyles.amountBlock}>
        <TextField
          id={FIELD_IDS.amount}
          label={t('cash.amountLabel')}
          prefix="₹"
          inputMode="decimal"
          autoComplete="off"
          maxLength={12}
          hint={t('cash.withdraw.minimumHint', { min: formatRupeesShort(minAmount) })}
          value={amount}
          onValueChange={editAmount}
          error={form.errors.amount}
          action={
            <button type="button" className={styles.fieldAction} onClick={fillAll}>
              {t('cash.all')}
            </button>
          }
        />
        {group === 'usdt' && (
          <p className={screenStyles.estimate} aria-live="polite" data-testid="withdraw-usdt-estimate">
            <span>{t('cash.withdraw.usdtEstimateLabel')}</span>
            <span className={screenStyles.estimateValue}>
              <span className="ltr-text">{usdtOut === null ? '—' : `≈ ${formatUsdt(usdtOut)}`}</span>
            </span>
            <span className={`${screenStyles.estimateRate} ltr-text`}>1 USDT = {formatRupees(info.usdtRate)}</span>
          </p>
        )}
      </div>
      <TextField
        id={FIELD_IDS.withdrawPassword}
        label={t('cash.withdraw.passwordLabel')}
        isPassword
        autoComplete="off"
        enterKeyHint="done"
        maxLength={32}
        value={withdrawPassword}
        onValueChange={(value) => {
          setWithdrawPassword(value);
          form.clearField('withdrawPassword');
        }}
        error={form.errors.withdrawPassword}
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock aria-haspopup="dialog">
        {t('cash.withdraw.submit')}
      </Button>
      <WithdrawConfirmDialog
        confirmation={confirmation}
        isSubmitting={isSubmitting}
        onCancel={() => setConfirmation(null)}
        onConfirm={() => void withdraw()}
      />
    </form>
  );
}
