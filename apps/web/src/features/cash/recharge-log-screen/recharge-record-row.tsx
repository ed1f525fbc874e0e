import type { TRechargeRecord } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { formatUsdt } from '../components/cash-amounts.ts';
import { BankIcon, UpiIcon, UsdtIcon } from '../components/cash-icons.tsx';
import { CopyIconButton } from '../components/copy-button.tsx';
import { rechargeHeldNoteKey, rechargeStatusView } from '../components/record-status.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import styles from '../components/cash.module.css';

const METHOD_ICONS = { upi: UpiIcon, bank: BankIcon, usdt: UsdtIcon } as const;

/** One recharge order: method, amount (and USDT), order number, when, and its status. */
export function RechargeRecordRow({ record }: { record: TRechargeRecord }) {
  const { t, i18n } = useTranslation('cash');
  const MethodIcon = METHOD_ICONS[record.method];
  const heldNoteKey = rechargeHeldNoteKey(record);
  return (
    <li className={styles.row} data-testid="recharge-record" data-status={record.status}>
      <span className={styles.rowIcon} data-kind={record.method} aria-hidden="true">
        <MethodIcon size={22} />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowLine}>
          <p className={styles.rowTitle}>
            <bdi>{t(`cash.methods.${record.method}`)}</bdi>
          </p>
          <span className={styles.rowAmount}>
            <Money value={record.amount} testId="record-amount" />
            {record.usdtAmount !== null && (
              <span className={`${styles.rowSubAmount} ltr-text`} data-testid="record-usdt-amount">
                {formatUsdt(record.usdtAmount)}
              </span>
            )}
          </span>
        </div>
        <p className={styles.orderNo}>
          <span>{t('cash.records.orderNo')}</span>
          <span className={styles.orderNoValue}>
            <span className={`${styles.code} ltr-text`} data-testid="record-order-no">
              {record.orderNo}
            </span>
            <CopyIconButton text={record.orderNo} label={t('cash.records.copyOrderNo')} />
          </span>
        </p>
        <div className={styles.rowLine}>
          <span className={styles.rowMeta}>
            <time dateTime={record.createTime}>{formatDateTime(record.createTime, i18n.language)}</time>
            {record.status === 'COMPLETED' && record.completeTime && (
              <>
                {' · '}
                {t('cash.records.completedAt', { time: formatDateTime(record.completeTime, i18n.language) })}
              </>
            )}
          </span>
          <StatusBadge view={rechargeStatusView(record)} />
        </div>
        {heldNoteKey && (
          <p className={styles.reason} data-testid="record-held-note">
            {t(heldNoteKey)}
          </p>
        )}
      </div>
    </li>
  );
}
