import type { TSubordinate } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../shared/ui/money.tsx';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import shared from '../components/agent-screens.module.css';
import styles from './subordinates-screen.module.css';

export function SubordinateRow({ member }: { member: TSubordinate }) {
  const { t, i18n } = useTranslation('agent');
  return (
    <li className={styles.row} data-testid="subordinate-row">
      <div className={styles.rowLine}>
        <span className={styles.memberId}>
          {t('agent.list.memberId')}{' '}
          <span className="ltr-text" data-testid="subordinate-id">
            {member.userId}
          </span>
        </span>
        <span className={styles.depthBadge} data-testid="subordinate-depth">
          {t('agent.list.depthOption', { depth: member.depth })}
        </span>
      </div>
      <div className={styles.rowLine}>
        <span className={`${styles.account} ltr-text`} data-testid="subordinate-account">
          {member.account}
        </span>
        <span className={styles.registered}>
          {t('agent.list.registered', { time: formatDateTime(member.registeredAt, i18n.language) })}
        </span>
      </div>
      <dl className={styles.rowFigures}>
        <div>
          <dt>{t('agent.list.totalPeople')}</dt>
          <dd className="ltr-text" data-testid="subordinate-total-people">
            {member.totalPeople}
          </dd>
        </div>
        <div>
          <dt>{t('agent.list.contribution')}</dt>
          <dd data-testid="subordinate-contribution">
            <Money value={member.contribution} />
          </dd>
        </div>
      </dl>
    </li>
  );
}

export function SubordinateRowSkeleton() {
  return (
    <li className={styles.row} aria-hidden="true">
      <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: '40%' }} />
      <span className={`${shared.skeleton} ${shared.skeletonLine}`} style={{ width: '65%' }} />
      <span className={`${shared.skeleton} ${shared.skeletonBlock}`} />
    </li>
  );
}
