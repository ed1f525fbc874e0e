import { formatMoney } from '@mayur/contracts/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../shared/api/queries.ts';
import { session } from '../../../shared/api/session.ts';
import { api } from '../../../shared/api/api.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useRequestKey } from '../../../shared/lib/use-request-key.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { ExclusionBanner } from '../../protection/breaks/exclusion-banner.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { AmountChips } from '../components/amount-chips.tsx';
import { BalanceCard } from '../components/balance-card.tsx';
import { refreshCash, useRechargeInfo, type RechargeInfo } from '../components/cash-api.ts';
import { checkRechargeAmount, cleanAmountInput, formatRupeesShort, readAmount } from '../components/cash-amounts.ts';
import { RechargeArt } from '../components/cash-art.tsx';
import { InfoIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { safePayUrl } from '../components/pay-url.ts';
import { useCashForm } from '../components/use-cash-form.ts';
import { RechargeMethodTiles, type RechargeMethod } from './recharge-method-tiles.tsx';

const FIELD_IDS = { method: 'recharge-method', amount: 'recharge-amount' } as const;

type Phase = 'editing' | 'ordering' | 'redirecting';

/** The chosen method while it is offered, else the first one offered. */
function effectiveMethod(info: RechargeInfo, chosen: RechargeMethod | null): RechargeMethod | null {
  const offered = info.methods.map((entry) => entry.method);
  return chosen !== null && offered.includes(chosen) ? chosen : (offered[0] ?? null);
}

/** The limits of a method: its own, else the general ones. */
function limitsOf(info: RechargeInfo, method: RechargeMethod | null) {
  const entry = info.methods.find((candidate) => candidate.method === method);
  return { minAmount: entry?.minAmount ?? info.minAmount, maxAmount: entry?.maxAmount ?? info.maxAmount };
}

function RechargeForm({ info }: { info: RechargeInfo }) {
  const { t } = useTranslation('cash');
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const form = useCashForm(FIELD_IDS);
  const [chosenMethod, setChosenMethod] = useState<RechargeMethod | null>(null);
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('editing');
  const method = effectiveMethod(info, chosenMethod);
  const limits = limitsOf(info, method);

  // Coming back from the payment page with the browser's back button can restore this page as it was
  // left, still "redirecting"; it must be usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPhase('editing');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const editAmount = (value: string) => {
    setAmount(cleanAmountInput(value));
    form.clearField('amount');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'editing') return;
    if (method === null) {
      form.setFieldError('method', 'RECHARGE_METHOD_INVALID');
      return;
    }
    if (!form.validate({ amount: checkRechargeAmount(amount, limits) })) return;
    const paise = readAmount(amount);
    if (paise === null) return;
    setPhase('ordering');
    try {
      const order = await api('/cash/payNew', {
        amount: formatMoney(paise),
        method,
        requestKey: requestKey.keyFor(`${method}|${paise}`),
      });
      requestKey.settle();
      refreshCash(queryClient, session.getToken());
      const payUrl = safePayUrl(order.payUrl, window.location.origin);
      if (payUrl === null) throw new ApiError('PAYMENT_PROVIDER_FAILED', t('errors.PAYMENT_PROVIDER_FAILED'));
      setPhase('redirecting');
      window.location.assign(payUrl);
    } catch (error) {
      requestKey.settle(error);
      form.applyServerError(error);
      setPhase('editing');
    }
  };

  const isBusy = phase !== 'editing';
  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} noValidate data-testid="recharge-form">
      <RechargeMethodTiles
        info={info}
        value={method}
        onValueChange={(next) => {
          setChosenMethod(next);
          form.clearField('method');
          form.clearField('amount');
        }}
        error={form.errors.method}
        groupId={FIELD_IDS.method}
      />
      {method === null && (
        <p className={styles.notice} role="status">
          <InfoIcon className={styles.noticeIcon} size={18} />
          <span>{t('cash.recharge.noMethods')}</span>
        </p>
      )}
      <TextField
        id={FIELD_IDS.amount}
        label={t('cash.amountLabel')}
        prefix="₹"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="go"
        maxLength={12}
        hint={t('cash.recharge.amountHint', {
          min: formatRupeesShort(limits.minAmount),
          max: formatRupeesShort(limits.maxAmount),
        })}
        value={amount}
        onValueChange={editAmount}
        error={form.errors.amount}
        readOnly={isBusy}
      />
      <AmountChips
        amounts={info.quickAmounts}
        value={amount}
        onPick={(quick) => !isBusy && editAmount(quick)}
        format={formatRupeesShort}
        label={t('cash.quickPicks')}
      />
      <FormError message={form.formError} />
      <Button type="submit" isBlock isBusy={isBusy} disabled={method === null}>
        {t('cash.recharge.submit')}
      </Button>
      {isBusy && (
        <div className={styles.progress} role="status" data-testid="recharge-redirecting">
          <Spinner size={20} />
          <span>{t('cash.recharge.redirecting')}</span>
        </div>
      )}
      {isBusy && <p className={styles.muted}>{t('cash.recharge.redirectingHint')}</p>}
    </form>
  );
}

function RechargeRules({ minAmount }: { minAmount: string }) {
  const { t } = useTranslation('cash');
  return (
    <section className={styles.card} aria-labelledby="recharge-rules-title">
      <h2 id="recharge-rules-title" className={styles.sectionTitle}>
        {t('cash.recharge.rulesTitle')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('cash.recharge.ruleMinimum', { min: formatRupeesShort(minAmount) })}</li>
        <li>{t('cash.recharge.ruleCredit')}</li>
        <li>{t('cash.recharge.ruleRecord')}</li>
      </ul>
    </section>
  );
}

function RechargeFormSkeleton() {
  const { t } = useTranslation('cash');
  return (
    <div className={styles.card} role="status" aria-live="polite" data-testid="recharge-loading">
      <span className="visually-hidden">{t('common.loading')}</span>
      <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '40%' }} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
    </div>
  );
}

/** /recharge: top up the wallet by UPI or bank transfer on the gateway's page, or go to USDT. */
export function RechargeScreen() {
  const balance = useBalance();
  const info = useRechargeInfo();
  return (
    <div className={styles.screen}>
      <BalanceCard balance={balance.data?.balance} art={<RechargeArt className={styles.balanceArt} />} />
      <ExclusionBanner />
      {info.isPending ? (
        <RechargeFormSkeleton />
      ) : info.data ? (
        <>
          <RechargeForm info={info.data} />
          <RechargeRules minAmount={info.data.minAmount} />
        </>
      ) : (
        <LoadError onRetry={() => void info.refetch()} />
      )}
    </div>
  );
}
