import type { TExclusion } from '@mayur/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionToken } from '../../../shared/api/session.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { PauseHandIcon } from '../../support/support-icons.tsx';
import { useProtectionState } from '../use-protection.ts';
import { useTimeReached } from '../use-time-reached.ts';
import styles from '../protection.module.css';

/** The break while it runs; null once it has ended, even if the server's last answer is older than its end. */
export function useRunningExclusion(exclusion: TExclusion | null | undefined): TExclusion | null {
  const hasEnded = useTimeReached(exclusion?.endsAt ?? null);
  return exclusion && !hasEnded ? exclusion : null;
}

type ExclusionNoticeProps = {
  exclusion: TExclusion;
  /** Offers the way to withdraw, where the screen does not already. */
  hasWithdrawLink?: boolean;
  isInset?: boolean;
};

/** A running time-out or self-exclusion: until when, what it closes, and that withdrawals stay open. */
export function ExclusionNotice({ exclusion, hasWithdrawLink = false, isInset = false }: ExclusionNoticeProps) {
  const { t, i18n } = useTranslation('protection');
  const endsAt = formatDateTime(exclusion.endsAt, i18n.language);
  return (
    <section
      className={`${styles.banner} ${isInset ? styles.bannerInset : ''}`}
      role="status"
      data-testid="exclusion-banner"
      data-kind={exclusion.kind}
    >
      <PauseHandIcon size={22} className={styles.bannerIcon} />
      <div className={styles.bannerText}>
        <h2 className={styles.bannerTitle}>
          {exclusion.kind === 'timeout'
            ? t('protection.exclusion.timeout', { endsAt })
            : t('protection.exclusion.selfExclusion', { endsAt })}
        </h2>
        <p>{t('protection.exclusion.body')}</p>
        {hasWithdrawLink && (
          <Link to="/withdraw" className={styles.bannerLink}>
            {t('protection.exclusion.withdraw')}
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * The break banner of a screen where play or money is refused during a break (games, recharge, gift
 * codes); nothing for a visitor or a player without a break. Its texts load with it, without holding
 * up the screen.
 */
export function ExclusionBanner(props: Omit<ExclusionNoticeProps, 'exclusion'>) {
  const token = useSessionToken();
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <RunningExclusionNotice {...props} />
    </Suspense>
  );
}

function RunningExclusionNotice({ hasWithdrawLink = false, isInset = false }: Omit<ExclusionNoticeProps, 'exclusion'>) {
  const state = useProtectionState({ isSilent: true });
  const exclusion = useRunningExclusion(state.data?.exclusion);
  if (exclusion === null) return null;
  return <ExclusionNotice exclusion={exclusion} hasWithdrawLink={hasWithdrawLink} isInset={isInset} />;
}
