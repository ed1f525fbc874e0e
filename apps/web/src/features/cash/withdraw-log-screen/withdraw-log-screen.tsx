import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { useWithdrawRecords } from '../components/cash-api.ts';
import { EmptyRecordsArt } from '../components/cash-art.tsx';
import { WalletOutIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { EmptyRecords, RecordList } from '../components/record-list.tsx';
import { WithdrawRecordRow } from './withdraw-record-row.tsx';

/** /withdraw_log: the player's withdrawals, newest first, 100 at a time (spec §9). */
export function WithdrawLogScreen() {
  const { t } = useTranslation('cash');
  const records = useWithdrawRecords();
  const total = records.data?.pages.at(-1)?.total ?? 0;
  return (
    <RecordList
      query={records}
      count={records.records.length}
      total={total}
      label={t('cash.records.withdrawListLabel')}
      testId="withdraw-records"
      empty={
        <EmptyRecords
          art={<EmptyRecordsArt className={styles.emptyArt} />}
          title={t('cash.records.withdrawEmptyTitle')}
          hint={t('cash.records.withdrawEmptyHint')}
          action={
            <Link to="/withdraw" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
              <WalletOutIcon size={18} />
              {t('cash.records.withdrawLink')}
            </Link>
          }
        />
      }
    >
      {records.records.map((record) => (
        <WithdrawRecordRow key={record.withdrawNo} record={record} />
      ))}
    </RecordList>
  );
}
