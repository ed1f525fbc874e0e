import type { TProtectionLimit } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { DepositIcon, WithdrawalIcon } from '../../support/support-icons.tsx';
import { LimitRow } from './limit-row.tsx';
import styles from '../protection.module.css';

/** The deposit or the loss limits, daily, weekly and monthly. */
export function LimitsCard({ kind, limits }: { kind: TProtectionLimit['kind']; limits: readonly TProtectionLimit[] }) {
  const { t } = useTranslation('protection');
  const Icon = kind === 'deposit' ? DepositIcon : WithdrawalIcon;
  const headingId = `limits-${kind}`;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`limits-${kind}`}>
      <div className={styles.cardHead}>
        <span className={styles.cardIcon}>
          <Icon size={22} />
        </span>
        <div>
          <h2 id={headingId} className={styles.cardTitle}>
            {kind === 'deposit' ? t('protection.limits.depositTitle') : t('protection.limits.lossTitle')}
          </h2>
          <p className={styles.hint}>
            {kind === 'deposit' ? t('protection.limits.depositHint') : t('protection.limits.lossHint')}
          </p>
        </div>
      </div>
      <ul className={styles.rows}>
        {limits
          .filter((limit) => limit.kind === kind)
          .map((limit) => (
            <LimitRow key={limit.period} limit={limit} />
          ))}
      </ul>
      <p className={styles.note}>{t('protection.limits.rule')}</p>
    </section>
  );
}
