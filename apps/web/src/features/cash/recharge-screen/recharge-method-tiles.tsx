import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronIcon } from '../../../shared/ui/icons.tsx';
import type { RechargeInfo } from '../components/cash-api.ts';
import { formatRupeesShort } from '../components/cash-amounts.ts';
import { BankIcon, UpiIcon, UsdtIcon } from '../components/cash-icons.tsx';
import styles from '../components/cash.module.css';

export type RechargeMethod = RechargeInfo['methods'][number]['method'];

const METHOD_ICONS = { upi: UpiIcon, bank: BankIcon } as const;

/** The methods every gateway offers: what the tiles show, at their final size, until the server's list arrives. */
const PLACEHOLDER_METHODS: readonly RechargeMethod[] = ['upi', 'bank'];

/**
 * The bank/UPI methods as radio tiles with their limits, and USDT as a link to its own screen. Before
 * the server's answer (`info` undefined) the same tiles are drawn, disabled, with "…" for the limits and
 * a placeholder where USDT may go, so the page does not move when the answer fills them in.
 */
export function RechargeMethodTiles({
  info,
  value,
  onValueChange,
  error,
  groupId,
}: {
  info: RechargeInfo | undefined;
  value: RechargeMethod | null;
  onValueChange: (method: RechargeMethod) => void;
  error: string | undefined;
  groupId: string;
}) {
  const { t } = useTranslation('cash');
  const errorId = `${groupId}-error`;
  return (
    <fieldset
      id={groupId}
      className={styles.choiceGroup}
      tabIndex={-1}
      aria-describedby={error ? errorId : undefined}
      data-testid="recharge-methods"
    >
      <legend className={styles.legend}>{t('cash.recharge.methodLegend')}</legend>
      {(info?.methods ?? PLACEHOLDER_METHODS.map((method) => ({ method, minAmount: null, maxAmount: null }))).map(
        ({ method, minAmount, maxAmount }) => {
          const MethodIcon = METHOD_ICONS[method];
          return (
            <label key={method} className={styles.choice}>
              <input
                type="radio"
                name="recharge-method"
                className={styles.choiceInput}
                value={method}
                checked={value === method}
                disabled={!info}
                onChange={() => onValueChange(method)}
              />
              <span className={styles.choiceIcon} data-kind={method} aria-hidden="true">
                <MethodIcon size={22} />
              </span>
              <span className={styles.choiceText}>
                <span className={styles.choiceTitle}>
                  <bdi>{t(`cash.methods.${method}`)}</bdi>
                </span>
                <span className={styles.choiceDetail}>
                  <span className="ltr-text">
                    {minAmount === null || maxAmount === null
                      ? t('cash.recharge.limits', { min: '…', max: '…' })
                      : t('cash.recharge.limits', { min: formatRupeesShort(minAmount), max: formatRupeesShort(maxAmount) })}
                  </span>
                </span>
              </span>
            </label>
          );
        },
      )}
      {!info && (
        // Where USDT may go: its tile's static texts laid out at their final size under a skeleton, so
        // the page neither moves nor paints larger text when the answer fills the slot.
        <span className={styles.linkTile} style={{ position: 'relative' }} aria-hidden="true" data-testid="usdt-placeholder">
          <span className={styles.choiceIcon} data-kind="usdt">
            <UsdtIcon size={22} />
          </span>
          <span className={styles.choiceText}>
            <span className={styles.choiceTitle}>
              <bdi>{t('cash.methods.usdt')}</bdi>
            </span>
            <span className={styles.choiceDetail}>{t('cash.recharge.usdtHint')}</span>
          </span>
          <span className={styles.skeleton} style={{ position: 'absolute', inset: 0, borderRadius: 'inherit' }} />
        </span>
      )}
      {info?.isUsdtAvailable && (
        <Link to="/rechargeemail" className={styles.linkTile} data-testid="usdt-recharge-link">
          <span className={styles.choiceIcon} data-kind="usdt" aria-hidden="true">
            <UsdtIcon size={22} />
          </span>
          <span className={styles.choiceText}>
            <span className={styles.choiceTitle}>
              <bdi>{t('cash.methods.usdt')}</bdi>
            </span>
            <span className={styles.choiceDetail}>{t('cash.recharge.usdtHint')}</span>
          </span>
          <ChevronIcon className={styles.linkChevron} size={18} />
        </Link>
      )}
      {error && (
        <p id={errorId} className={styles.groupError} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
