import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../shared/api/queries.ts';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { ShieldIcon, WarningIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { PageFallback } from '../../../shared/ui/spinner.tsx';
import { accountIdOf } from './payout-account-checks.ts';
import { GROUP_ROUTES, usePayoutAccounts, useWithdrawInfo, type PayoutAccount, type PayoutGroup } from './payout-accounts.ts';
import styles from './payout-form.module.css';

const KINDS_OF_GROUP: Record<PayoutGroup, ReadonlyArray<PayoutAccount['kind']>> = { bank: ['bank', 'upi'], usdt: ['usdt'] };

/** Every payout account change needs the withdrawal password, so without one the player is sent to set it. */
function WithdrawPasswordGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('bank');
  const info = useWithdrawInfo();
  const user = useCurrentUser();
  if (info.isPending || user.isPending) return <PageFallback />;
  if (info.data?.hasWithdrawPassword) return children;
  // A cached "not set" may be out of date (just set on /reset): wait for the fresh answer before saying so.
  if (info.isFetching) return <PageFallback />;
  if (info.isError) return <LoadError onRetry={() => void info.refetch()} />;
  // As on Mine: the reset is confirmed by a code to the account's mobile number, else its e-mail address.
  const withdrawPasswordRoute = user.data?.mobile ? '/reset' : '/resetemail';
  return (
    <section className={styles.notice} aria-labelledby="withdraw-password-needed" data-testid="withdraw-password-needed">
      <span className={styles.noticeBadge} aria-hidden="true">
        <ShieldIcon size={32} />
      </span>
      <h2 id="withdraw-password-needed" className={styles.noticeTitle}>
        {t('bank.passwordNeeded.title')}
      </h2>
      <p className={styles.noticeBody}>{t('bank.passwordNeeded.body')}</p>
      <Link to={withdrawPasswordRoute} className={buttonClassName({ variant: 'primary' })}>
        {t('bank.passwordNeeded.action')}
      </Link>
    </section>
  );
}

function AccountNotFound({ group }: { group: PayoutGroup }) {
  const { t } = useTranslation('bank');
  return (
    <section className={styles.notice} aria-labelledby="account-not-found" data-testid="account-not-found">
      <span className={styles.noticeBadge} data-tone="warning" aria-hidden="true">
        <WarningIcon size={32} />
      </span>
      <h2 id="account-not-found" className={styles.noticeTitle}>
        {t('bank.notFound.title')}
      </h2>
      <p className={styles.noticeBody}>{t('bank.notFound.body')}</p>
      <Link to={GROUP_ROUTES[group].list} replace className={buttonClassName({ variant: 'secondary' })}>
        {t('bank.notFound.backToList')}
      </Link>
    </section>
  );
}

/** The account named by the edit screen's `?id=`, found in the player's own list of that group. */
function AccountToEdit({ group, children }: { group: PayoutGroup; children: (account: PayoutAccount) => ReactNode }) {
  const [searchParams] = useSearchParams();
  const accountId = accountIdOf(searchParams.get('id'));
  const accounts = usePayoutAccounts(group);
  if (accountId === null) return <AccountNotFound group={group} />;
  if (accounts.isPending) return <PageFallback />;
  if (accounts.isError) return <LoadError onRetry={() => void accounts.refetch()} />;
  const account = accounts.data.find((candidate) => candidate.id === accountId && KINDS_OF_GROUP[group].includes(candidate.kind));
  return account ? children(account) : <AccountNotFound group={group} />;
}

/**
 * The frame of the add and edit screens: the withdrawal password notice when none is set, and in edit
 * mode the account to change (or a clear "not found"); `renderForm` gets that account, or null to add one.
 */
export function PayoutFormScreen({
  group,
  mode,
  renderForm,
}: {
  group: PayoutGroup;
  mode: 'add' | 'edit';
  renderForm: (account: PayoutAccount | null) => ReactNode;
}) {
  return (
    <div className={styles.screen}>
      <WithdrawPasswordGate>
        {mode === 'edit' ? <AccountToEdit group={group}>{(account) => renderForm(account)}</AccountToEdit> : renderForm(null)}
      </WithdrawPasswordGate>
    </div>
  );
}
