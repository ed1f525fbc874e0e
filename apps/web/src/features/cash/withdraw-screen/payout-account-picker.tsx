import type { TPayoutAccount } from '@mayur/contracts';
import { MAX_PAYOUT_ACCOUNTS } from '@mayur/rules/field-rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import type { PayoutGroup } from '../components/cash-api.ts';
import { PayoutAccountArt } from '../components/cash-art.tsx';
import { BankIcon, PlusIcon, UpiIcon, UsdtIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { maskAccountNumber, maskUpiId, shortenAddress } from '../../../shared/lib/payout-account-label.ts';
import screenStyles from './withdraw-screen.module.css';

const KIND_ICONS = { bank: BankIcon, upi: UpiIcon, usdt: UsdtIcon } as const;

/** Where "Add" leads, bringing the player back to this screen afterwards. */
export const ADD_ACCOUNT_ROUTES: Record<PayoutGroup, string> = {
  bank: '/addbank?returnTo=/withdraw',
  usdt: '/addbankemail?returnTo=/withdrawemail',
};

/** An account's two lines in the list: what it is, and the masked number with the holder's name. */
function useAccountLines(account: TPayoutAccount): { title: string; detail: string } {
  const { t } = useTranslation('cash');
  const holder = account.actualName?.trim() ?? '';
  const join = (...parts: string[]) => parts.filter(Boolean).join(' · ');
  switch (account.kind) {
    case 'bank':
      return {
        title: account.bankName?.trim() || t('cash.accountKinds.bank'),
        detail: join(account.bankAccount ? maskAccountNumber(account.bankAccount) : '', holder),
      };
    case 'upi':
      return {
        title: account.upiAccount ? maskUpiId(account.upiAccount) : t('cash.accountKinds.upi'),
        detail: join(t('cash.accountKinds.upi'), holder),
      };
    case 'usdt':
      return {
        title: account.usdtAccount ? shortenAddress(account.usdtAccount) : t('cash.accountKinds.usdt'),
        detail: t('cash.accountKinds.usdt'),
      };
  }
}

function AccountChoice({ account, isChecked, onChoose }: { account: TPayoutAccount; isChecked: boolean; onChoose: () => void }) {
  const lines = useAccountLines(account);
  const KindIcon = KIND_ICONS[account.kind];
  return (
    <label className={styles.choice} data-testid="payout-account">
      <input
        type="radio"
        name="withdraw-account"
        className={styles.choiceInput}
        value={account.id}
        checked={isChecked}
        onChange={onChoose}
      />
      <span className={styles.choiceIcon} data-kind={account.kind} aria-hidden="true">
        <KindIcon size={22} />
      </span>
      <span className={styles.choiceText}>
        <span className={styles.choiceTitle}>
          <bdi>{lines.title}</bdi>
        </span>
        <span className={styles.choiceDetail}>{lines.detail}</span>
      </span>
    </label>
  );
}

/** The player's accounts of one group as radio tiles, newest first, with "Add" while there is room. */
export function PayoutAccountPicker({
  group,
  accounts,
  selectedId,
  onSelect,
  error,
  groupId,
}: {
  group: PayoutGroup;
  /** Newest first. */
  accounts: readonly TPayoutAccount[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  error: string | undefined;
  groupId: string;
}) {
  const { t } = useTranslation('cash');
  const errorId = `${groupId}-error`;

  if (accounts.length === 0) {
    return (
      <div id={groupId} tabIndex={-1} className={screenStyles.noAccounts} data-testid="payout-accounts-empty">
        <PayoutAccountArt className={screenStyles.noAccountsArt} />
        <h2 className={styles.sectionTitle}>{t(`cash.withdraw.noAccountsTitle.${group}`)}</h2>
        <p className={styles.muted}>{t('cash.withdraw.noAccountsHint')}</p>
        <Link to={ADD_ACCOUNT_ROUTES[group]} className={buttonClassName({ variant: 'primary', isSmall: true })}>
          <PlusIcon size={18} />
          {t(`cash.withdraw.addAccount.${group}`)}
        </Link>
        {error && (
          <p id={errorId} className={styles.groupError} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  }

  const titleId = `${groupId}-title`;
  return (
    <div className={screenStyles.accounts}>
      {/* The group is named by this line rather than a legend, so that "Add" can sit beside it. */}
      <div className={screenStyles.accountsHeader}>
        <p id={titleId} className={styles.legend}>
          {t('cash.withdraw.accountsLegend')}
        </p>
        {accounts.length < MAX_PAYOUT_ACCOUNTS && (
          <Link to={ADD_ACCOUNT_ROUTES[group]} className={screenStyles.addLink} data-testid="add-payout-account">
            <PlusIcon size={16} />
            {t('cash.withdraw.add')}
          </Link>
        )}
      </div>
      <fieldset
        id={groupId}
        tabIndex={-1}
        className={styles.choiceGroup}
        aria-labelledby={titleId}
        aria-describedby={error ? errorId : undefined}
        data-testid="payout-accounts"
      >
        {accounts.map((account) => (
          <AccountChoice
            key={account.id}
            account={account}
            isChecked={account.id === selectedId}
            onChoose={() => onSelect(account.id)}
          />
        ))}
        {error && (
          <p id={errorId} className={styles.groupError} role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
