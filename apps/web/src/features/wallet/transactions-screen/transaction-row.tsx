import type { TMoneyTransaction } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { isTransactionKind, TRANSACTION_KIND_ICONS } from '../components/transaction-types.tsx';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import styles from './transactions-screen.module.css';

const GIFT_REFERENCE_PREFIX = 'gift:';

/** The reasons worth naming under their type, because one type groups several of them. */
const DETAILED_REASONS = new Set([
  'bet',
  'fee',
  'payout',
  'refund',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_rejected',
  'invite_bonus',
]);

/** One movement of one wallet: what it was, which wallet, when, the signed amount and the balance after. */
export function TransactionRow({ transaction }: { transaction: TMoneyTransaction }) {
  const { t, i18n } = useTranslation('wallet');
  // A type this version does not know yet is shown as an adjustment rather than hidden.
  const kind = isTransactionKind(transaction.type) ? transaction.type : 'adjustment';
  const TypeIcon = TRANSACTION_KIND_ICONS[kind];
  const isCredit = !transaction.amount.startsWith('-');
  const giftCode = transaction.reference?.startsWith(GIFT_REFERENCE_PREFIX)
    ? transaction.reference.slice(GIFT_REFERENCE_PREFIX.length)
    : null;
  return (
    <li className={styles.row} data-testid="transaction-row" data-type={kind} data-wallet={transaction.wallet}>
      <span className={styles.typeIcon} data-type={kind} aria-hidden="true">
        <TypeIcon size={22} />
      </span>
      <div className={styles.rowBody}>
        <div className={styles.rowLine}>
          <p className={styles.rowTitle}>{t(`transactions.types.${kind}`)}</p>
          {/* Wrapped, because the amount itself runs left to right and would push against the wrong edge in Arabic. */}
          <span className={`${styles.amount} ${isCredit ? styles.credit : styles.debit}`}>
            <Money value={transaction.amount} isSigned testId="transaction-amount" />
          </span>
        </div>
        <p className={styles.rowMeta}>
          <span className={styles.walletBadge} data-wallet={transaction.wallet}>
            {t(`transactions.wallets.${transaction.wallet}`)}
          </span>
          {DETAILED_REASONS.has(transaction.reason) && (
            <span className={styles.rowDetail}>{t(`transactions.reasons.${transaction.reason}`)}</span>
          )}
          {giftCode && (
            <span className={styles.rowDetail}>
              {t('transactions.giftCode')} <span className={`${styles.code} ltr-text`}>{giftCode}</span>
            </span>
          )}
        </p>
        <div className={`${styles.rowLine} ${styles.rowFooter}`}>
          <time dateTime={transaction.createTime}>{formatDateTime(transaction.createTime, i18n.language)}</time>
          <span className={styles.balanceAfter}>
            {t('transactions.balanceAfter')} <Money value={transaction.balanceAfter} />
          </span>
        </div>
      </div>
    </li>
  );
}

/** The grey outline of a row while the first page loads. */
export function TransactionRowSkeleton() {
  return (
    <li className={`${styles.row} ${styles.skeletonRow}`} aria-hidden="true">
      <span className={`${styles.typeIcon} ${styles.skeleton}`} />
      <div className={styles.rowBody}>
        <div className={styles.rowLine}>
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '45%' }} />
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: 64 }} />
        </div>
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '30%' }} />
        <div className={styles.rowLine}>
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '35%' }} />
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: 96 }} />
        </div>
      </div>
    </li>
  );
}
