import { formatMoney } from '@mayur/rules/money';
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

/** The quick amounts of the default settings: as many placeholder chips are drawn until the real ones arrive. */
const PLACEHOLDER_CHIPS = 6;

/**
 * The form. Until the server's recharge settings arrive (`info` undefined) it is drawn at its final
 * size, disabled, with "…" where the limits go and placeholder chips, and the answer fills it in place:
 * the page's largest text paints at once (Lighthouse's LCP) and nothing moves (CLS).
 */
function RechargeForm({ info }: { info: RechargeInfo | undefined }) {
  const { t } = useTranslation('cash');
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const form = useCashForm(FIELD_IDS);
  const [chosenMethod, setChosenMethod] = useState<RechargeMethod | null>(null);
  const [amount, setAmount] = useState('');
  const [phase, setPhase] = useState<Phase>('editing');
  const method = info ? effectiveMethod(info, chosenMethod) : null;
  const limits = info ? limitsOf(info, method) : null;

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
    if (phase !== 'editing' || limits === null) return;
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
      {info && method === null && (
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
          min: limits ? formatRupeesShort(limits.minAmount) : '…',
          max: limits ? formatRupeesShort(limits.maxAmount) : '…',
        })}
        value={amount}
        onValueChange={editAmount}
        error={form.errors.amount}
        readOnly={isBusy || !info}
      />
      {info ? (
        <AmountChips
          amounts={info.quickAmounts}
          value={amount}
          onPick={(quick) => !isBusy && editAmount(quick)}
          format={formatRupeesShort}
          label={t('cash.quickPicks')}
        />
      ) : (
        <div className={styles.chips} aria-hidden="true">
          {Array.from({ length: PLACEHOLDER_CHIPS }, (_, index) => (
            <span key={index} className={`${styles.chip} ${styles.skeleton}`} />
          ))}
        </div>
      )}
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

/** The rules; drawn at once, with "…" for the minimum until the settings arrive. */
function RechargeRules({ minAmount }: { minAmount: string | undefined }) {
  const { t } = useTranslation('cash');
  return (
    <section className={styles.card} aria-labelledby="recharge-rules-title">
      <h2 id="recharge-rules-title" className={styles.sectionTitle}>
        {t('cash.recharge.rulesTitle')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('cash.recharge.ruleMinimum', { min: minAmount === undefined ? '…' : formatRupeesShort(minAmount) })}</li>
        <li>{t('cash.recharge.ruleCredit')}</li>
        <li>{t('cash.recharge.ruleRecord')}</li>
      </ul>
    </section>
  );
}

/** /recharge: top up the wallet by UPI or bank transfer on the gateway's page, or go to USDT. */
export function RechargeScreen() {
  const { t } = useTranslation('cash');
  const balance = useBalance();
  const info = useRechargeInfo();
  return (
    <div className={styles.screen}>
      <BalanceCard balance={balance.data?.balance} art={<RechargeArt className={styles.balanceArt} />} />
      <ExclusionBanner />
      {info.isError ? (
        <LoadError onRetry={() => void info.refetch()} />
      ) : (
        <>
          {!info.data && (
            <span className="visually-hidden" role="status" data-testid="recharge-loading">
              {t('common.loading')}
            </span>
          )}
          <RechargeForm info={info.data} />
          <RechargeRules minAmount={info.data?.minAmount} />
        </>
      )}
    </div>
  );
}
