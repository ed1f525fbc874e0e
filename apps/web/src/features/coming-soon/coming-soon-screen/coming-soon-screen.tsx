import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { LayoutKind } from '../../../app/routes.tsx';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { BackIcon } from '../../../shared/ui/icons.tsx';
import styles from './coming-soon-screen.module.css';

function ComingSoonArt() {
  const id = useId();
  return (
    <svg className={styles.art} viewBox="0 0 140 140" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#c2410c" />
        </linearGradient>
      </defs>
      <circle cx="70" cy="70" r="62" fill="#fff1e6" />
      <circle
        cx="70"
        cy="70"
        r="44"
        fill="none"
        stroke={`url(#${id}-g)`}
        strokeWidth="10"
        strokeDasharray="200 80"
        strokeLinecap="round"
      />
      <path d="M70 44v28l16 10" fill="none" stroke="#9a3412" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="112" cy="30" r="8" fill="#0f766e" />
      <circle cx="26" cy="108" r="6" fill="#1d4ed8" />
    </svg>
  );
}

/** The page a route shows until its feature arrives: the right title in the right layout, never blank. */
export function ComingSoonScreen({ titleKey, layout }: { titleKey: string; layout: LayoutKind }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const [searchParams] = useSearchParams();
  const minutes = Number.parseInt(searchParams.get('min') ?? '', 10) / 60;
  const title =
    titleKey === 'games.winGo' && [1, 3, 5].includes(minutes)
      ? `${t(titleKey)} ${t('games.minutesShort', { minutes })}`
      : t(titleKey);

  return (
    <>
      {layout === 'bare' && (
        <div className={styles.bareHeader}>
          <button type="button" className={styles.backButton} aria-label={t('common.back')} onClick={goBack}>
            <BackIcon />
          </button>
          <h1 className={styles.bareTitle}>{title}</h1>
        </div>
      )}
      <section className={styles.screen} aria-labelledby="coming-soon-heading">
        {layout === 'default' && <h1 className={styles.pageTitle}>{title}</h1>}
        <ComingSoonArt />
        <h2 id="coming-soon-heading" className={styles.heading}>
          {t('common.comingSoon')}
        </h2>
        <p className={styles.body}>{t('common.comingSoonBody', { feature: title })}</p>
        <Link to="/" className={buttonClassName({ variant: 'primary' })}>
          {t('common.backHome')}
        </Link>
      </section>
    </>
  );
}
