import type { TWithdrawRecord } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { formatUsdt } from '../components/cash-amounts.ts';
import { BankIcon, UpiIcon, UsdtIcon } from '../components/cash-icons.tsx';
import { CopyIconButton } from '../components/copy-button.tsx';
import { withdrawStatusView } from '../components/record-status.ts';
import { StatusBadge } from '../components/status-badge.tsx';
import styles from '../components/cash.module.css';

const KIND_ICONS = { bank: BankIcon, upi: UpiIcon, usdt: UsdtIcon } as const;

/** One withdrawal: where it goes, how much, its number, when, its status and why it failed. */
export function WithdrawRecordRow({ record }: { record: TWithdrawRecord }) {
  const { t, i18n } = useTranslation('cash');
  const KindIcon = KIND_ICONS[record.accountKind];
  return (
    <li className={styles.row} data-testid="withdraw-record" data-status={record.status}>
      <span className={styles.rowIcon} data-kind={record.accountKind} aria-hidden="true">
        <KindIcon size={22} />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowLine}>
          <p className={styles.rowTitle}>
            <bdi>{t(`cash.accountKinds.${record.accountKind}`)}</bdi>{' '}
            <span className="ltr-text" data-testid="record-destination">
              {record.accountLabel}
            </span>
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
          <span>{t('cash.records.withdrawNo')}</span>
          <span className={styles.orderNoValue}>
            <span className={`${styles.code} ltr-text`} data-testid="record-order-no">
              {record.withdrawNo}
            </span>
            <CopyIconButton text={record.withdrawNo} label={t('cash.records.copyWithdrawNo')} />
          </span>
        </p>
        <div className={styles.rowLine}>
          <span className={styles.rowMeta}>
            <time dateTime={record.createTime}>{formatDateTime(record.createTime, i18n.language)}</time>
            {record.status === 'SUCCESS' && record.completeTime && (
              <>
                {' · '}
                {t('cash.records.paidAt', { time: formatDateTime(record.completeTime, i18n.language) })}
              </>
            )}
          </span>
          <StatusBadge view={withdrawStatusView(record)} />
        </div>
        {record.status === 'FAIL' && record.reason && (
          <p className={styles.reason} data-testid="record-reason">
            {t('cash.records.reason', { reason: record.reason })}
          </p>
        )}
      </div>
    </li>
  );
}
