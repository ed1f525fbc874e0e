import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../shared/api/queries.ts';
import { LockIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { BalanceCard } from '../components/balance-card.tsx';
import { usePayoutAccounts, useWithdrawInfo, type PayoutGroup } from '../components/cash-api.ts';
import { formatRupeesShort } from '../components/cash-amounts.ts';
import { PayoutAccountArt } from '../components/cash-art.tsx';
import { BankIcon, UsdtIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { newestFirst } from '../../../shared/lib/payout-account-label.ts';
import { minimumOf, WithdrawForm } from './withdraw-form.tsx';
import screenStyles from './withdraw-screen.module.css';

const GROUP_ROUTES: Record<PayoutGroup, string> = { bank: '/withdraw', usdt: '/withdrawemail' };

/** Bank card / UPI or USDT: two pages, so the choice is in the address and survives a reload. */
function GroupSwitch({ group }: { group: PayoutGroup }) {
  const { t } = useTranslation('cash');
  const icons = { bank: BankIcon, usdt: UsdtIcon } as const;
  return (
    <nav className={screenStyles.switch} aria-label={t('cash.withdraw.groupSwitchLabel')}>
      {(['bank', 'usdt'] as const).map((option) => {
        const OptionIcon = icons[option];
        return (
          <Link
            key={option}
            to={GROUP_ROUTES[option]}
            replace
            className={screenStyles.switchOption}
            aria-current={option === group ? 'page' : undefined}
          >
            <OptionIcon size={18} />
            {t(`cash.withdraw.groups.${option}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Without a withdrawal password nothing can be withdrawn: say so first, with the way to set one. */
function WithdrawPasswordNotice() {
  const { t } = useTranslation('cash');
  const user = useCurrentUser();
  // As on Mine: a player who signed up by e-mail resets it by e-mail.
  const route = user.data && !user.data.mobile ? '/resetemail' : '/reset';
  return (
    <section className={styles.notice} aria-labelledby="withdraw-password-notice" data-testid="withdraw-password-notice">
      <LockIcon className={styles.noticeIcon} size={18} />
      <div className={styles.noticeBody}>
        <h2 id="withdraw-password-notice" className={styles.noticeTitle}>
          {t('cash.withdraw.passwordNotSetTitle')}
        </h2>
        <p>{t('cash.withdraw.passwordNotSetBody')}</p>
        <div className={styles.noticeActions}>
          <Link to={route}>{t('cash.withdraw.setPassword')}</Link>
        </div>
      </div>
    </section>
  );
}

function WithdrawRules({ minAmount }: { minAmount: string }) {
  const { t } = useTranslation('cash');
  return (
    <section className={styles.card} aria-labelledby="withdraw-rules-title">
      <h2 id="withdraw-rules-title" className={styles.sectionTitle}>
        {t('cash.withdraw.rulesTitle')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('cash.withdraw.ruleMinimum', { min: formatRupeesShort(minAmount) })}</li>
        <li>{t('cash.withdraw.ruleReview')}</li>
        <li>{t('cash.withdraw.ruleHold')}</li>
      </ul>
    </section>
  );
}

function WithdrawSkeleton() {
  const { t } = useTranslation('cash');
  return (
    <div className={styles.card} role="status" aria-live="polite" data-testid="withdraw-loading">
      <span className="visually-hidden">{t('common.loading')}</span>
      <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '35%' }} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '25%' }} aria-hidden="true" />
      <span className={`${styles.skeleton} ${styles.skeletonBlock}`} aria-hidden="true" />
    </div>
  );
}

/** /withdraw (bank card or UPI) and /withdrawemail (USDT): ask for a payout of cash balance. */
export function WithdrawScreen({ group }: { group: 'bank' | 'usdt' }) {
  const { t } = useTranslation('cash');
  const info = useWithdrawInfo();
  const accounts = usePayoutAccounts(group);
  const sortedAccounts = useMemo(() => newestFirst(accounts.data?.list ?? []), [accounts.data]);

  let content: ReactNode;
  if (info.isPending || accounts.isPending) {
    content = <WithdrawSkeleton />;
  } else if (!info.data || !accounts.data) {
    content = (
      <LoadError
        onRetry={() => {
          if (info.isError) void info.refetch();
          if (accounts.isError) void accounts.refetch();
        }}
      />
    );
  } else {
    content = (
      <>
        {!info.data.hasWithdrawPassword && <WithdrawPasswordNotice />}
        {/* A fresh form for each group: its account, amount and request key belong to that group. */}
        <WithdrawForm key={group} group={group} info={info.data} accounts={sortedAccounts} />
        <WithdrawRules minAmount={minimumOf(info.data, group)} />
      </>
    );
  }

  return (
    <div className={styles.screen}>
      <GroupSwitch group={group} />
      <BalanceCard
        balance={info.data?.balance}
        note={t('cash.withdraw.balanceNote')}
        art={<PayoutAccountArt className={styles.balanceArt} />}
      />
      {content}
    </div>
  );
}
