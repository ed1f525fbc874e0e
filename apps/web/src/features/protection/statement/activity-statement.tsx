import type { TActivityMonth } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { DocumentIcon, DownloadIcon } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { useActivityStatement } from '../use-protection.ts';
import { saveTextFile } from './save-text-file.ts';
import styles from '../protection.module.css';

const monthFormatters = new Map<string, Intl.DateTimeFormat>();

/** "2026-11" as the player's language names it ("November 2026"); the text itself if it is not a month. */
function monthName(month: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  let formatter = monthFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    monthFormatters.set(locale, formatter);
  }
  const [, year = '', monthNumber = ''] = match;
  return formatter.format(Date.UTC(Number(year), Number(monthNumber) - 1, 15));
}

function signClass(amount: string): string {
  const paise = toPaise(amount) ?? 0n;
  return (paise < 0n ? styles.negative : paise > 0n ? styles.positive : '') ?? '';
}

/** Deposits, withdrawals, bets, wins and net result per month, newest first, and the same as a CSV file. */
export function ActivityStatement() {
  const { t, i18n } = useTranslation('protection');
  const statement = useActivityStatement();
  const months = statement.data?.months.filter(hasActivity) ?? [];

  return (
    <section className={styles.card} aria-labelledby="statement-title" data-testid="statement">
      <div className={styles.cardHead}>
        <span className={styles.cardIcon}>
          <DocumentIcon size={22} />
        </span>
        <div>
          <h2 id="statement-title" className={styles.cardTitle}>
            {t('protection.statement.title')}
          </h2>
          <p className={styles.hint}>{t('protection.statement.body')}</p>
        </div>
      </div>
      {statement.isPending ? (
        <div className={styles.months} aria-busy="true" aria-label={t('protection.loading')}>
          <span className={styles.skeletonRow} />
          <span className={styles.skeletonRow} />
        </div>
      ) : statement.isError ? (
        <LoadError onRetry={() => void statement.refetch()} />
      ) : months.length === 0 ? (
        <p className={styles.hint} data-testid="statement-empty">
          {t('protection.statement.empty')}
        </p>
      ) : (
        <ul className={styles.months} data-testid="statement-months">
          {months.map((month) => (
            <li key={month.month} className={styles.month} data-testid="statement-month">
              <h3 className={styles.monthName}>{monthName(month.month, i18n.language)}</h3>
              <dl className={styles.figures}>
                <Figure label={t('protection.statement.deposits')} amount={month.deposits} />
                <Figure label={t('protection.statement.withdrawals')} amount={month.withdrawals} />
                <Figure label={t('protection.statement.bets')} amount={month.bets} />
                <Figure label={t('protection.statement.wins')} amount={month.wins} />
                <div className={styles.net}>
                  <dt>{t('protection.statement.net')}</dt>
                  <dd className={`ltr-text ${signClass(month.netResult)}`}>
                    {formatRupees(month.netResult, { isSigned: true })}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {statement.data && (
        <Button
          variant="secondary"
          isSmall
          onClick={() => saveTextFile(statement.data.csv, statement.data.fileName, 'text/csv;charset=utf-8')}
          data-testid="statement-download"
        >
          <DownloadIcon size={18} />
          {t('protection.statement.download')}
        </Button>
      )}
    </section>
  );
}

function Figure({ label, amount }: { label: string; amount: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="ltr-text">{formatRupees(amount)}</dd>
    </div>
  );
}

/** Months with nothing in them are left out; the CSV keeps them all. */
function hasActivity(month: TActivityMonth): boolean {
  return [month.deposits, month.withdrawals, month.bets, month.wins].some((amount) => (toPaise(amount) ?? 0n) !== 0n);
}
