import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../shared/api/session.ts';
import { useCountdown } from '../../../shared/lib/use-countdown.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { ListIcon, RefreshIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { refreshCash, useUsdtRechargeInfo, type UsdtOrder } from '../components/cash-api.ts';
import { UsdtArt, VerifyingArt } from '../components/cash-art.tsx';
import { InfoIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { UsdtAmountForm } from './usdt-amount-form.tsx';
import { UsdtDepositOrder } from './usdt-deposit-order.tsx';
import screenStyles from './usdt-recharge-screen.module.css';

/**
 * Where the USDT recharge stands. Nothing of it is kept across a reload: each address is single-use,
 * and the spec's way to a new one is to refresh the page (§4).
 */
type Step = { kind: 'amount' } | { kind: 'deposit'; order: UsdtOrder } | { kind: 'submitted'; order: UsdtOrder };

function TransferSubmitted({ order }: { order: UsdtOrder }) {
  const { t } = useTranslation('cash');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className={`${styles.card} ${screenStyles.submitted}`} data-testid="usdt-submitted">
      <VerifyingArt className={screenStyles.submittedArt} />
      <h2 ref={headingRef} className={screenStyles.submittedTitle} tabIndex={-1} role="status">
        {t('cash.usdt.submitted')}
      </h2>
      <p className={styles.muted}>{t('cash.usdt.submittedHint')}</p>
      <p className={styles.muted}>
        {t('cash.usdt.orderNo')}{' '}
        <span className={`${styles.code} ltr-text`} data-testid="usdt-submitted-order-no">
          {order.orderNo}
        </span>
      </p>
      <Link to="/recharge_log" className={buttonClassName({ variant: 'primary', isBlock: true })}>
        <ListIcon size={18} />
        {t('cash.usdt.viewRecord')}
      </Link>
    </section>
  );
}

/** The spec's note, shown at every step, and the way back to step 1. */
function SingleUseNote({ onRefresh }: { onRefresh: () => void }) {
  const { t } = useTranslation('cash');
  return (
    <section className={styles.notice} data-tone="info" aria-labelledby="usdt-single-use-title" data-testid="usdt-single-use">
      <InfoIcon className={styles.noticeIcon} size={18} />
      <div className={styles.noticeBody}>
        <h2 id="usdt-single-use-title" className={styles.noticeTitle}>
          {t('cash.usdt.singleUseTitle')}
        </h2>
        <p>{t('cash.usdt.singleUse')}</p>
        <div className={styles.noticeActions}>
          <Button variant="secondary" isSmall onClick={onRefresh}>
            <RefreshIcon size={16} />
            {t('cash.refresh')}
          </Button>
          <Link to="/recharge_log">{t('titles.rechargeRecord')}</Link>
        </div>
      </div>
    </section>
  );
}

function UsdtUnavailable() {
  const { t } = useTranslation('cash');
  return (
    <section className={`${styles.card} ${styles.empty}`} data-testid="usdt-unavailable">
      <UsdtArt className={styles.emptyArt} />
      <h2 className={styles.emptyTitle}>{t('cash.usdt.unavailableTitle')}</h2>
      <p className={styles.emptyHint}>{t('cash.usdt.unavailableBody')}</p>
      <Link to="/recharge" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
        {t('cash.usdt.backToRecharge')}
      </Link>
    </section>
  );
}

/** /rechargeemail: recharge with USDT (TRC20) sent to a single-use deposit address. */
export function UsdtRechargeScreen() {
  const { t } = useTranslation('cash');
  const queryClient = useQueryClient();
  const info = useUsdtRechargeInfo();
  const countdown = useCountdown();
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  // Step 1 is mounted afresh on Refresh, so its amount and request key start over too.
  const [attempt, setAttempt] = useState(0);

  const showOrder = (order: UsdtOrder) => {
    countdown.start(Math.ceil((order.expiresAtMs - Date.now()) / 1000));
    refreshCash(queryClient, session.getToken());
    setStep({ kind: 'deposit', order });
  };

  const refresh = () => {
    setStep({ kind: 'amount' });
    setAttempt((current) => current + 1);
    void info.refetch();
    window.scrollTo({ top: 0 });
  };

  let content: ReactNode;
  if (info.isPending) {
    content = (
      <div className={styles.card} role="status" aria-live="polite" data-testid="usdt-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
        <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
        <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
      </div>
    );
  } else if (!info.data) {
    content = <LoadError onRetry={() => void info.refetch()} />;
  } else if (!info.data.isAvailable && step.kind === 'amount') {
    content = <UsdtUnavailable />;
  } else if (step.kind === 'amount') {
    content = <UsdtAmountForm key={attempt} info={info.data} onOrdered={showOrder} />;
  } else if (step.kind === 'deposit') {
    content = (
      <UsdtDepositOrder
        order={step.order}
        secondsLeft={countdown.secondsLeft}
        confirmations={info.data.confirmations}
        onSubmitted={() => {
          refreshCash(queryClient, session.getToken());
          setStep({ kind: 'submitted', order: step.order });
        }}
      />
    );
  } else {
    content = <TransferSubmitted order={step.order} />;
  }

  const isUnavailable = info.data !== undefined && !info.data.isAvailable && step.kind === 'amount';
  return (
    <div className={styles.screen}>
      <header className={screenStyles.hero}>
        <UsdtArt className={screenStyles.heroArt} />
        <div className={screenStyles.heroText}>
          <h2 className={screenStyles.heroTitle}>
            <bdi>{t('cash.methods.usdt')}</bdi>
          </h2>
          <p className={screenStyles.heroIntro}>{t('cash.usdt.intro')}</p>
        </div>
      </header>
      {content}
      {!isUnavailable && <SingleUseNote onRefresh={refresh} />}
    </div>
  );
}
