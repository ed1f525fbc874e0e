import type { ResponseOf } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { formatRupees, toPaise } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import styles from './bonus-wagering-progress.module.css';
import { wageringPercent } from './wagering-percent.ts';

type Wagering = ResponseOf<'/user/bonusWagering'>;

/** Rupees isolated from the sentence around them, so right-to-left text cannot reorder "₹1,234.00". */
function isolated(value: string): string {
  return `\u2066${formatRupees(value)}\u2069`;
}

/**
 * How far the player is from exchanging their bonus: a bar and "Bet ₹X more to unlock" while bets
 * are owed, a line saying it is unlocked once they are met, nothing when no requirement ever ran.
 */
export function BonusWageringProgress({
  wagering,
  isLoading,
  isError,
  onRetry,
}: {
  wagering: Wagering | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('wallet');
  if (isLoading) {
    return (
      <div className={styles.box} role="status" data-testid="wagering-loading">
        <Spinner size={20} />
        <span className={styles.muted}>{t('exchange.wagering.loading')}</span>
      </div>
    );
  }
  if (isError || !wagering) {
    return (
      <div className={`${styles.box} ${styles.failed}`} role="alert" data-testid="wagering-error">
        <span>{t('exchange.wagering.failed')}</span>
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (toPaise(wagering.required) === 0n) return null;
  const percent = wageringPercent(wagering.wagered, wagering.required);
  return (
    <div className={styles.progress} data-testid="wagering-progress" data-exchangeable={wagering.isExchangeable}>
      <div className={styles.heading}>
        <span className={styles.title}>{t('exchange.wagering.title')}</span>
        <span className={styles.muted} data-testid="wagering-of">
          {t('exchange.wagering.of', { wagered: isolated(wagering.wagered), required: isolated(wagering.required) })}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('exchange.wagering.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('exchange.wagering.of', {
          wagered: formatRupees(wagering.wagered),
          required: formatRupees(wagering.required),
        })}
      >
        <div className={styles.fill} style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className={wagering.isExchangeable ? styles.done : styles.owed} data-testid="wagering-remaining" aria-live="polite">
        {wagering.isExchangeable
          ? t('exchange.wagering.unlocked')
          : t('exchange.wagering.remaining', { amount: isolated(wagering.remaining) })}
      </p>
      {!wagering.isExchangeable && <p className={styles.rule}>{t('exchange.wagering.rule')}</p>}
    </div>
  );
}
