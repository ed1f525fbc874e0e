import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { useRechargeRecords } from '../components/cash-api.ts';
import { EmptyRecordsArt } from '../components/cash-art.tsx';
import { WalletInIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';
import { EmptyRecords, RecordList } from '../components/record-list.tsx';
import { RechargeRecordRow } from './recharge-record-row.tsx';

/** /recharge_log: the player's recharge orders, newest first, 100 at a time (spec §9). */
export function RechargeLogScreen() {
  const { t } = useTranslation('cash');
  const records = useRechargeRecords();
  const total = records.data?.pages.at(-1)?.total ?? 0;
  return (
    <RecordList
      query={records}
      count={records.records.length}
      total={total}
      label={t('cash.records.rechargeListLabel')}
      testId="recharge-records"
      empty={
        <EmptyRecords
          art={<EmptyRecordsArt className={styles.emptyArt} />}
          title={t('cash.records.rechargeEmptyTitle')}
          hint={t('cash.records.rechargeEmptyHint')}
          action={
            <Link to="/recharge" className={buttonClassName({ variant: 'primary', isSmall: true })}>
              <WalletInIcon size={18} />
              {t('cash.records.rechargeLink')}
            </Link>
          }
        />
      }
    >
      {records.records.map((record) => (
        <RechargeRecordRow key={record.orderNo} record={record} />
      ))}
    </RecordList>
  );
}
