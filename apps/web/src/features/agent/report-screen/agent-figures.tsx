import type { TAgentFigures } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import shared from '../components/agent-screens.module.css';
import styles from './report-screen.module.css';

type FigureKey = keyof TAgentFigures;

/** The spec's statistics in reading order; money fields are shown as rupees, the others as counts. */
const FIGURES: ReadonlyArray<{ key: FigureKey; isMoney: boolean }> = [
  { key: 'usersNumber', isMoney: false },
  { key: 'registerNumber', isMoney: false },
  { key: 'dailyActiveNumber', isMoney: false },
  { key: 'firstRechargeNumber', isMoney: false },
  { key: 'rechargeAmount', isMoney: true },
  { key: 'rechargeNumber', isMoney: false },
  { key: 'withdrawalAmount', isMoney: true },
  { key: 'withdrawalNumber', isMoney: false },
  { key: 'teamBetAmount', isMoney: true },
  { key: 'deliveriesNumber', isMoney: false },
  { key: 'changeDelivery', isMoney: true },
  { key: 'teamRefundFee', isMoney: true },
  { key: 'teamBalance', isMoney: true },
];

export type FigureScope = 'direct' | 'team';

/** One scope's figures (direct subordinates, or the whole team) as a card of labelled values. */
export function AgentFiguresCard({ scope, figures }: { scope: FigureScope; figures: TAgentFigures }) {
  const { t } = useTranslation('agent');
  const titleId = `report-${scope}-title`;
  return (
    <section className={styles.figuresCard} aria-labelledby={titleId} data-testid={`report-${scope}`}>
      <h2 id={titleId} className={styles.figuresTitle}>
        <span>{t(`agent.report.scope.${scope}`)}</span>
        <span className={styles.scopeHint}>{t(`agent.report.scopeHint.${scope}`)}</span>
      </h2>
      <dl className={styles.figures}>
        {FIGURES.map(({ key, isMoney }) => (
          <div key={key} className={styles.figure}>
            <dt className={styles.figureLabel}>{t(`agent.report.figures.${key}`)}</dt>
            <dd className={styles.figureValue} data-testid={`report-${scope}-${key}`}>
              {isMoney ? <Money value={String(figures[key])} /> : <span className="ltr-text">{figures[key]}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AgentFiguresSkeleton() {
  return (
    <>
      {[0, 1].map((index) => (
        <div key={index} className={styles.figuresCard} aria-hidden="true">
          <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: '45%' }} />
          <div className={styles.figures}>
            {Array.from({ length: 6 }, (_, cell) => (
              <span key={cell} className={`${shared.skeleton} ${shared.skeletonBlock}`} />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
