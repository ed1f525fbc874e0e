import type { TCommissionDay } from '@mayur/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { Icon, type IconProps } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import shared from '../components/agent-screens.module.css';
import { formatDay, formatRateBp } from '../components/format-agent.ts';
import { ListFooter } from '../components/list-footer.tsx';
import styles from './commission-screen.module.css';
import { useCommissionHistory } from './use-commission-history.ts';

const SKELETON_ROWS = 4;

/** Points down; turned over when the day is open. Not mirrored in Arabic: down is down. */
const ExpandIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

function CommissionDayItem({ day }: { day: TCommissionDay }) {
  const { t, i18n } = useTranslation('agent');
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <li className={styles.day} data-testid="commission-day">
      <button
        type="button"
        className={styles.dayButton}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className={styles.dayText}>
          <span className={styles.dayDate}>{formatDay(day.day, i18n.language)}</span>
          <span className={shared.muted}>{t('agent.commission.dayHint')}</span>
        </span>
        <Money value={day.amount} className={styles.dayAmount} testId="commission-day-amount" />
        <ExpandIcon size={18} className={styles.expandIcon} aria-hidden="true" />
      </button>
      {isOpen && (
        <div id={panelId} className={styles.lines}>
          {day.lines.length === 0 ? (
            <p className={shared.muted}>{t('agent.commission.noLines')}</p>
          ) : (
            <ul className={styles.lineList}>
              {day.lines.map((line) => (
                <li key={line.depth} className={styles.line} data-testid="commission-line">
                  <span className={styles.lineDepth}>{t('agent.list.depthOption', { depth: line.depth })}</span>
                  <dl className={styles.lineFigures}>
                    <div>
                      <dt>{t('agent.commission.members')}</dt>
                      <dd className="ltr-text">{line.members}</dd>
                    </div>
                    <div>
                      <dt>{t('agent.commission.bets')}</dt>
                      <dd>
                        <Money value={line.bets} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('agent.commission.rate')}</dt>
                      <dd className="ltr-text">{formatRateBp(line.rateBp)}</dd>
                    </div>
                    <div>
                      <dt>{t('agent.commission.amount')}</dt>
                      <dd>
                        <Money value={line.amount} />
                      </dd>
                    </div>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

/** The commission history: each day the programme paid, newest first, opening to its lines per depth. */
export function CommissionScreen() {
  const { t } = useTranslation('agent');
  const history = useCommissionHistory();

  let content: ReactNode;
  if (history.isPending) {
    content = (
      <div role="status" data-testid="commission-loading">
        <span className="visually-hidden">{t('common.loading')}</span>
        <ul className={styles.list}>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <li key={index} className={styles.skeletonRow} aria-hidden="true">
              <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: '45%' }} />
              <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: 64 }} />
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (history.isError && history.days.length === 0) {
    content = (
      <div className={shared.card}>
        <LoadError onRetry={() => void history.refetch()} />
      </div>
    );
  } else if (history.days.length === 0) {
    content = (
      <div className={shared.empty} data-testid="commission-empty">
        <h2 className={shared.emptyTitle}>{t('agent.commission.emptyTitle')}</h2>
        <p className={shared.emptyHint}>{t('agent.promotion.commissionDaily')}</p>
        <Link to="/star/rules" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          {t('agent.links.rules')}
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <ul className={styles.list} data-testid="commission-list">
          {history.days.map((day) => (
            <CommissionDayItem key={day.day} day={day} />
          ))}
        </ul>
        <ListFooter
          query={history}
          pageCount={history.data?.pages.length ?? 0}
          testId="commission"
          endLabel={t('agent.commission.end')}
        />
      </>
    );
  }

  return (
    <div className={shared.screen}>
      <section className={styles.results} aria-label={t('agent.commission.listLabel')} aria-busy={history.isFetching}>
        {content}
      </section>
    </div>
  );
}
