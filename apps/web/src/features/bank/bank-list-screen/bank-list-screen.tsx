import { MAX_PAYOUT_ACCOUNTS } from '@mayur/rules/field-rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { ChevronIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { BankCardsArt, UsdtWalletArt } from '../components/bank-art.tsx';
import { PlusIcon } from '../components/bank-icons.tsx';
import { GROUP_ROUTES, usePayoutAccounts, type PayoutAccount, type PayoutGroup } from '../components/payout-accounts.ts';
import styles from './bank-list-screen.module.css';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';
import { PayoutAccountCard } from './payout-account-card.tsx';

const SKELETON_CARDS = 2;
const OTHER_GROUP: Record<PayoutGroup, PayoutGroup> = { bank: 'usdt', usdt: 'bank' };
const GROUP_TITLE_KEYS = { bank: 'titles.bank', usdt: 'titles.usdtAccount' } as const;
const ADD_KEYS = { bank: 'titles.addBank', usdt: 'titles.addUsdtAccount' } as const;

function AddAccountLink({ group }: { group: PayoutGroup }) {
  const { t } = useTranslation('bank');
  return (
    <Link to={GROUP_ROUTES[group].add} className={buttonClassName({ variant: 'primary', isBlock: true })}>
      <PlusIcon size={20} />
      {t(ADD_KEYS[group])}
    </Link>
  );
}

function EmptyAccounts({ group }: { group: PayoutGroup }) {
  const { t } = useTranslation('bank');
  const Art = group === 'bank' ? BankCardsArt : UsdtWalletArt;
  return (
    <div className={styles.empty} data-testid="payout-accounts-empty">
      <Art className={styles.emptyArt} />
      <h2 className={styles.emptyTitle}>{t(`bank.list.empty.${group}.title`)}</h2>
      <p className={styles.emptyHint}>{t(`bank.list.empty.${group}.hint`)}</p>
      <AddAccountLink group={group} />
    </div>
  );
}

function AccountList({
  group,
  accounts,
  onDelete,
}: {
  group: PayoutGroup;
  accounts: PayoutAccount[];
  onDelete: (account: PayoutAccount) => void;
}) {
  const { t } = useTranslation('bank');
  const isFull = accounts.length >= MAX_PAYOUT_ACCOUNTS;
  return (
    <>
      <ul className={styles.list} data-testid="payout-accounts">
        {accounts.map((account) => (
          <PayoutAccountCard key={account.id} account={account} group={group} onDelete={onDelete} />
        ))}
      </ul>
      <div className={styles.footer}>
        {isFull ? (
          <>
            <Button isBlock disabled aria-describedby="payout-accounts-limit">
              <PlusIcon size={20} />
              {t(ADD_KEYS[group])}
            </Button>
            <p id="payout-accounts-limit" className={styles.limitNote} data-testid="payout-accounts-limit">
              {t('bank.list.limitReached', { max: MAX_PAYOUT_ACCOUNTS })}
            </p>
          </>
        ) : (
          <AddAccountLink group={group} />
        )}
      </div>
    </>
  );
}

/** /bank (bank cards and UPI accounts) and /bankemail (USDT addresses): the player's payout accounts. */
export function BankListScreen({ group }: { group: PayoutGroup }) {
  const { t } = useTranslation('bank');
  const accounts = usePayoutAccounts(group);
  const [accountToDelete, setAccountToDelete] = useState<PayoutAccount | null>(null);
  const otherGroup = OTHER_GROUP[group];

  let content: ReactNode;
  if (accounts.isPending) {
    content = (
      <div role="status" aria-live="polite" className={styles.list} data-testid="payout-accounts-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <div key={index} className={styles.skeleton} />
        ))}
      </div>
    );
  } else if (accounts.isError) {
    content = <LoadError onRetry={() => void accounts.refetch()} />;
  } else if (accounts.data.length === 0) {
    content = <EmptyAccounts group={group} />;
  } else {
    content = <AccountList group={group} accounts={accounts.data} onDelete={setAccountToDelete} />;
  }

  return (
    <div className={styles.screen}>
      <div className={styles.toolbar}>
        {accounts.data && accounts.data.length > 0 && (
          <p className={styles.count} data-testid="payout-accounts-count">
            {t('bank.list.count', { accounts: accounts.data.length, max: MAX_PAYOUT_ACCOUNTS })}
          </p>
        )}
        <Link to={GROUP_ROUTES[otherGroup].list} replace className={styles.otherGroupLink}>
          {t(GROUP_TITLE_KEYS[otherGroup])}
          <ChevronIcon size={16} />
        </Link>
      </div>
      <section aria-label={t(`bank.list.label.${group}`)} aria-busy={accounts.isFetching}>
        {content}
      </section>
      <DeleteAccountDialog account={accountToDelete} onClose={() => setAccountToDelete(null)} />
    </div>
  );
}
