import { useTranslation } from 'react-i18next';
import type { StatusView } from './record-status.ts';
import styles from './cash.module.css';

/** A record's status as a coloured badge, with a line under it when the status needs one. */
export function StatusBadge({ view }: { view: StatusView }) {
  const { t } = useTranslation('cash');
  return (
    <span className={styles.statusCell}>
      <span className={styles.badge} data-tone={view.tone} data-testid="record-status">
        {t(view.labelKey)}
      </span>
      {view.detailKey && (
        <span className={styles.statusDetail} data-testid="record-status-detail">
          {t(view.detailKey)}
        </span>
      )}
    </span>
  );
}
