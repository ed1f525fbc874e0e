import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { WarningIcon } from '../../../shared/ui/icons.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import type { UsdtOrder } from '../components/cash-api.ts';
import { formatUsdt } from '../components/cash-amounts.ts';
import { ClockIcon } from '../components/cash-icons.tsx';
import { CopyButton, CopyValueButton } from '../components/copy-button.tsx';
import styles from '../components/cash.module.css';
import { formatCountdown } from '../components/format-countdown.ts';
import screenStyles from './usdt-recharge-screen.module.css';

/** Step 2: the single-use address, its QR code, the exact amount, the time left and "Transfer Finish". */
export function UsdtDepositOrder({
  order,
  secondsLeft,
  confirmations,
  onSubmitted,
}: {
  order: UsdtOrder;
  secondsLeft: number;
  confirmations: number;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation('cash');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const isExpired = secondsLeft <= 0;

  const finishTransfer = async () => {
    setIsSubmitting(true);
    setFormError(null);
    try {
      await api('/cash/usdtTransferFinish', { orderNo: order.orderNo });
      onSubmitted();
    } catch (error) {
      // The API client has already toasted the refusal; it stays in view above the button too.
      setFormError(error instanceof Error ? error.message : t('errors.INTERNAL'));
      setIsSubmitting(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="usdt-send-title" data-testid="usdt-deposit">
      <div className={screenStyles.sendBox}>
        <h2 id="usdt-send-title" className={screenStyles.sendLabel}>
          {t('cash.usdt.sendExactly')}
        </h2>
        <CopyValueButton
          text={order.usdtAmount}
          describedBy="usdt-amount-copy-hint"
          className={screenStyles.sendAmount}
          testId="usdt-send-amount"
        >
          <span className="ltr-text">{formatUsdt(order.usdtAmount)}</span>
        </CopyValueButton>
        <p id="usdt-amount-copy-hint" className={screenStyles.sendHint}>
          {t('cash.usdt.copyAmountHint')}
        </p>
        <p className={screenStyles.sendCredit}>
          {t('cash.usdt.creditedLabel')} <Money value={order.amount} testId="usdt-order-credit" />{' '}
          <span className="ltr-text">
            (1 USDT = <Money value={order.rate} />)
          </span>
        </p>
      </div>

      <img className={screenStyles.qr} src={order.qrDataUrl} alt={t('cash.usdt.qrAlt')} width={208} height={208} />

      <div className={screenStyles.address}>
        <h3 className={screenStyles.addressLabel}>{t('cash.usdt.addressLabel')}</h3>
        <p id="usdt-address" className={`${screenStyles.addressValue} ltr-text`} data-testid="usdt-address">
          {order.address}
        </p>
        <CopyButton text={order.address} describedBy="usdt-address" testId="usdt-copy-address" />
      </div>

      <dl className={screenStyles.facts}>
        <div>
          <dt>{t('cash.usdt.network')}</dt>
          <dd>{t('cash.usdt.networkValue')}</dd>
        </div>
        <div>
          <dt>{t('cash.usdt.orderNo')}</dt>
          {/* Copyable from the record; one "Copy" button on this step leaves no doubt about what it copies. */}
          <dd className={`${styles.code} ltr-text`} data-testid="usdt-order-no">
            {order.orderNo}
          </dd>
        </div>
      </dl>

      <p className={styles.notice} data-tone="danger" data-testid="usdt-warning">
        <WarningIcon className={styles.noticeIcon} size={18} />
        <span>{t('cash.usdt.warning')}</span>
      </p>

      <p className={screenStyles.countdown} data-expired={isExpired} data-testid="usdt-countdown" role="timer">
        <ClockIcon size={18} />
        {isExpired ? (
          <span>{t('cash.usdt.expired')}</span>
        ) : (
          <span>
            {t('cash.usdt.expiresIn')}{' '}
            <span className={`${screenStyles.countdownTime} ltr-text`}>{formatCountdown(secondsLeft)}</span>
          </span>
        )}
      </p>

      <p className={styles.muted}>{t('cash.usdt.confirmations', { confirmations })}</p>
      <FormError message={formError} />
      <Button isBlock isBusy={isSubmitting} onClick={() => void finishTransfer()} aria-describedby="usdt-finish-hint">
        {t('cash.usdt.transferFinish')}
      </Button>
      <p id="usdt-finish-hint" className={styles.muted}>
        {t('cash.usdt.transferFinishHint')}
      </p>
    </section>
  );
}
