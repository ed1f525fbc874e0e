import type { ResponseOf, TAgentLevelRule } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import shared from '../components/agent-screens.module.css';
import { formatRateBp } from '../components/format-agent.ts';
import styles from './rules-screen.module.css';
import { useAgentRules } from './use-agent-rules.ts';

type Rules = ResponseOf<'/agent/rules'>;

function LevelCard({ level }: { level: TAgentLevelRule }) {
  const { t } = useTranslation('agent');
  return (
    <li className={styles.level} data-testid="rules-level">
      <h3 className={styles.levelTitle}>{t('agent.promotion.level', { level: level.level })}</h3>
      {/* A threshold and its "≥" sit in one left-to-right isolate, so Arabic does not put the sign after the amount. */}
      <dl className={styles.thresholds}>
        <div>
          <dt>{t('agent.rules.minTeamSize')}</dt>
          <dd className="ltr-text">{`≥\u00a0${level.minTeamSize}`}</dd>
        </div>
        <div>
          <dt>{t('agent.rules.minTeamDeposits')}</dt>
          <dd className="ltr-text">{`≥\u00a0${formatRupees(level.minTeamDeposits)}`}</dd>
        </div>
        <div>
          <dt>{t('agent.rules.minTeamBets')}</dt>
          <dd className="ltr-text">{`≥\u00a0${formatRupees(level.minTeamBets)}`}</dd>
        </div>
      </dl>
      <table className={styles.rates}>
        <caption>{t('agent.rules.ratesCaption')}</caption>
        <thead>
          <tr>
            {level.ratesBp.map((_, index) => (
              <th key={index} scope="col" aria-label={t('agent.list.depthOption', { depth: index + 1 })}>
                {index + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {level.ratesBp.map((rateBp, index) => (
              <td key={index} className="ltr-text">
                {formatRateBp(rateBp)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </li>
  );
}

function RulesContent({ rules }: { rules: Rules }) {
  const { t } = useTranslation('agent');
  const bonus = {
    threshold: isolateLeftToRight(formatRupees(rules.inviteBonusThreshold)),
    amount: isolateLeftToRight(formatRupees(rules.inviteBonusAmount)),
  };
  return (
    <>
      <section className={shared.card} aria-labelledby="rules-team-title">
        <h2 id="rules-team-title" className={shared.cardTitle}>
          {t('agent.rules.teamTitle')}
        </h2>
        <p className={styles.text}>{t('agent.promotion.howInvite')}</p>
        <p className={styles.text}>{t('agent.rules.depthExplain', { maxDepth: rules.maxDepth })}</p>
      </section>
      <section className={shared.card} aria-labelledby="rules-levels-title">
        <h2 id="rules-levels-title" className={shared.cardTitle}>
          {t('agent.rules.levelsTitle')}
        </h2>
        <p className={styles.text}>{t('agent.rules.levelsIntro', { days: rules.levelWindowDays })}</p>
        <ol className={styles.levels} data-testid="rules-levels">
          {rules.levels.map((level) => (
            <LevelCard key={level.level} level={level} />
          ))}
        </ol>
      </section>
      <section className={shared.card} aria-labelledby="rules-pay-title">
        <h2 id="rules-pay-title" className={shared.cardTitle}>
          {t('agent.rules.payTitle')}
        </h2>
        <p className={styles.text} data-testid="rules-pay-time">
          {t('agent.rules.payText', { time: isolateLeftToRight(rules.payTime), timeZone: isolateLeftToRight(rules.timeZone) })}
        </p>
      </section>
      <section className={shared.card} aria-labelledby="rules-bonus-title">
        <h2 id="rules-bonus-title" className={shared.cardTitle}>
          {t('agent.promotion.bonusTitle')}
        </h2>
        <p className={styles.text} data-testid="rules-bonus">
          {t('agent.promotion.howBonus', bonus)}
        </p>
      </section>
    </>
  );
}

/** The programme's rules: team depths, agent levels with their thresholds and rates, payment time, invite bonus. */
export function RulesScreen() {
  const { t } = useTranslation('agent');
  const rules = useAgentRules();
  return (
    <div className={shared.screen}>
      {rules.isPending ? (
        <div className={shared.card} role="status" data-testid="rules-loading">
          <span className="visually-hidden">{t('common.loading')}</span>
          <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: '40%' }} aria-hidden="true" />
          <span className={`${shared.skeleton} ${shared.skeletonBlock}`} aria-hidden="true" />
          <span className={`${shared.skeleton} ${shared.skeletonBlock}`} aria-hidden="true" />
        </div>
      ) : !rules.data ? (
        <div className={shared.card}>
          <LoadError onRetry={() => void rules.refetch()} />
        </div>
      ) : (
        <RulesContent rules={rules.data} />
      )}
    </div>
  );
}
