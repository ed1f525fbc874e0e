import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../../shared/lib/copy-text.ts';
import { CopyIcon, EditIcon } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { BankIcon, CoinIcon, PhoneIcon, TrashIcon } from '../components/bank-icons.tsx';
import { maskAccountNumber, shortenAddress } from '../../../shared/lib/payout-account-label.ts';
import { editRouteOf, type PayoutAccount, type PayoutGroup } from '../components/payout-accounts.ts';
import styles from './bank-list-screen.module.css';

const KIND_ICONS: Record<PayoutAccount['kind'], ReactNode> = {
  bank: <BankIcon size={14} />,
  upi: <PhoneIcon size={14} />,
  usdt: <CoinIcon size={14} />,
};

function Detail({ label, value, isCode = false }: { label: string; value: string | null; isCode?: boolean }) {
  if (!value) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd className={isCode ? 'ltr-text' : undefined} dir={isCode ? undefined : 'auto'}>
        {value}
      </dd>
    </div>
  );
}

function CopyAddressButton({ address }: { address: string }) {
  const { t } = useTranslation('bank');
  const copy = async () => {
    if (await copyText(address)) notify.success(t('common.copied'));
    else notify.error(t('common.copyFailed'));
  };
  return (
    <button type="button" className={styles.copyButton} onClick={() => void copy()}>
      <CopyIcon size={14} />
      {t('bank.list.copy')}
    </button>
  );
}

/** One payout account: what it is, enough of its number to recognise it, and Edit / Delete. */
export function PayoutAccountCard({
  account,
  group,
  onDelete,
}: {
  account: PayoutAccount;
  group: PayoutGroup;
  onDelete: (account: PayoutAccount) => void;
}) {
  const { t } = useTranslation('bank');
  const titleId = useId();
  const numberId = useId();

  let title: ReactNode;
  let number: ReactNode = null;
  if (account.kind === 'bank') {
    title = account.bankName ?? t('bank.kinds.bank');
    if (account.bankAccount)
      number = (
        <span id={numberId} className="ltr-text">
          {maskAccountNumber(account.bankAccount)}
        </span>
      );
  } else if (account.kind === 'upi') {
    title = <span className="ltr-text">{account.upiAccount}</span>;
  } else {
    title = t('bank.list.usdtNetwork');
    if (account.usdtAccount)
      number = (
        <>
          <span id={numberId} className="ltr-text" data-testid="payout-account-address">
            {shortenAddress(account.usdtAccount)}
          </span>
          <CopyAddressButton address={account.usdtAccount} />
        </>
      );
  }
  const describedBy = number ? `${titleId} ${numberId}` : titleId;

  return (
    <li className={styles.account} data-testid="payout-account" data-account-id={account.id}>
      <div className={styles.face} data-kind={account.kind}>
        <div className={styles.faceTop}>
          <span className={styles.kindBadge}>
            {KIND_ICONS[account.kind]}
            {t(`bank.kinds.${account.kind}`)}
          </span>
        </div>
        <h2 id={titleId} className={styles.title} dir="auto">
          {title}
        </h2>
        {number && <p className={styles.number}>{number}</p>}
        {account.kind !== 'usdt' && (
          <dl className={styles.details}>
            {account.kind === 'bank' && <Detail label={t('bank.list.ifsc')} value={account.ifscCode} isCode />}
            <Detail label={t('bank.list.holder')} value={account.actualName} />
            {account.kind === 'bank' && <Detail label={t('bank.list.upi')} value={account.upiAccount} isCode />}
          </dl>
        )}
      </div>
      <div className={styles.actions}>
        <Link to={editRouteOf(group, account.id)} className={styles.action} aria-describedby={describedBy}>
          <EditIcon size={18} />
          {t('bank.list.edit')}
        </Link>
        <button
          type="button"
          className={styles.action}
          data-tone="danger"
          aria-haspopup="dialog"
          aria-describedby={describedBy}
          onClick={() => onDelete(account)}
        >
          <TrashIcon size={18} />
          {t('bank.list.delete')}
        </button>
      </div>
    </li>
  );
}
