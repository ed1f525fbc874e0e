import type { TComplaint } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionToken } from '../../../shared/api/session.ts';
import { storedLocale } from '../../../shared/i18n/i18n.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { Button, buttonClassName } from '../../../shared/ui/button.tsx';
import { ChatIcon, ChevronIcon, EditIcon } from '../../../shared/ui/icons.tsx';
import styles from './support-screen.module.css';
import { useOpenComplaints } from './use-open-complaints.ts';

function ComplaintRow({ complaint }: { complaint: TComplaint }) {
  const { t } = useTranslation(['support', 'complaints']);
  return (
    <li>
      <Link to={`/addsug?id=${complaint.id}`} className={styles.complaint} data-testid="support-open-complaint">
        <span className={styles.complaintMain}>
          <span className={styles.complaintType}>{t(`complaints.types.${complaint.type}`)}</span>
          <span className={`${styles.complaintNumber} ltr-text`}>{complaint.number}</span>
          <span className={styles.complaintDate}>
            {t('support.complaints.filed', { date: formatDateTime(complaint.createTime, storedLocale()) })}
          </span>
        </span>
        <span className={styles.complaintSide}>
          <span className={styles.status} data-status={complaint.status}>
            {t(`complaints.statuses.${complaint.status}`)}
          </span>
          {complaint.hasUnreadAnswer && <span className={styles.unread}>{t('support.complaints.unread')}</span>}
        </span>
        <ChevronIcon className={styles.menuChevron} size={18} />
      </Link>
    </li>
  );
}

function OpenComplaints() {
  const { t } = useTranslation('support');
  const complaints = useOpenComplaints();
  if (complaints.isPending)
    return (
      <div className={styles.channelSkeletons} aria-hidden="true">
        <span className={styles.channelSkeleton} />
      </div>
    );
  if (complaints.isError)
    return (
      <div className={styles.inlineError} role="alert">
        <p>{t('support.complaints.loadFailed')}</p>
        <Button variant="secondary" isSmall onClick={() => void complaints.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (complaints.data.length === 0)
    return (
      <p className={styles.muted} data-testid="support-open-complaints-empty">
        {t('support.complaints.empty')}
      </p>
    );
  return (
    <ul className={styles.complaints} data-testid="support-open-complaints">
      {complaints.data.map((complaint) => (
        <ComplaintRow key={complaint.id} complaint={complaint} />
      ))}
    </ul>
  );
}

/** The way into complaints: file one, see them all, and the player's open ones at a glance. */
export function ComplaintsCard() {
  const { t } = useTranslation('support');
  const token = useSessionToken();
  return (
    <section className={styles.card} aria-labelledby="complaints-title">
      <h2 id="complaints-title" className={styles.sectionTitle}>
        {t('support.complaints.title')}
      </h2>
      <p className={styles.muted}>{t('support.complaints.body')}</p>
      {token ? (
        <>
          <div className={styles.actions}>
            <Link
              to="/complaint"
              className={buttonClassName({ variant: 'primary', isSmall: true })}
              data-testid="support-new-complaint"
            >
              <EditIcon size={16} />
              {t('support.complaints.new')}
            </Link>
            <Link
              to="/addsug"
              className={buttonClassName({ variant: 'secondary', isSmall: true })}
              data-testid="support-all-complaints"
            >
              <ChatIcon size={16} />
              {t('support.complaints.all')}
            </Link>
          </div>
          <h3 className={styles.subTitle}>{t('support.complaints.openTitle')}</h3>
          <OpenComplaints />
        </>
      ) : (
        <div className={styles.actions}>
          <p className={styles.muted}>{t('support.complaints.signedOut')}</p>
          <Link to="/login" state={{ from: '/support' }} className={buttonClassName({ variant: 'primary', isSmall: true })}>
            {t('support.complaints.login')}
          </Link>
        </div>
      )}
    </section>
  );
}
