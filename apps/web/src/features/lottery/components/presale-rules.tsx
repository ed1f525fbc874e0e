import { useTranslation } from 'react-i18next';
import styles from './lottery.module.css';

const WINGO_PAYOUT_KEYS = ['green', 'greenFive', 'red', 'redZero', 'violet', 'number'] as const;

/** The presale rule and "How to play": fee, payouts of spec §9, the close of betting and fairness. */
export function PresaleRules({ game }: { game: 'wingo' | 'bitgame' }) {
  const { t } = useTranslation('lottery');
  if (game === 'bitgame') {
    return (
      <div className={styles.rules}>
        <p>{t('lottery.rules.bitgameIntro')}</p>
        <p>{t('lottery.rules.bitgamePayout')}</p>
        <p>{t('lottery.rules.closing')}</p>
        <p>{t('lottery.rules.fairness')}</p>
      </div>
    );
  }
  return (
    <div className={styles.rules}>
      <p>{t('lottery.rules.wingoIntro')}</p>
      <p>{t('lottery.rules.fee')}</p>
      <table className={styles.rulesTable}>
        <caption>{t('lottery.rules.payoutCaption')}</caption>
        <tbody>
          {WINGO_PAYOUT_KEYS.map((key) => (
            <tr key={key}>
              <th scope="row">{t(`lottery.rules.payouts.${key}.when`)}</th>
              <td className="ltr-text">{t(`lottery.rules.payouts.${key}.pays`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('lottery.rules.closing')}</p>
      <p>{t('lottery.rules.fairness')}</p>
    </div>
  );
}
