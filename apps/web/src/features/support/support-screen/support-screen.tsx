import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../../shared/lib/use-go-back.ts';
import { BackIcon } from '../../../shared/ui/icons.tsx';
import { ComplaintsCard } from './complaints-card.tsx';
import { ContactChannels } from './contact-channels.tsx';
import { HelpCentre } from './help-centre.tsx';
import styles from './support-screen.module.css';

/** A headset over a speech bubble: someone is there to answer. */
function SupportArt() {
  const id = useId();
  return (
    <svg className={styles.heroArt} viewBox="0 0 120 120" aria-hidden="true">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fbbf24" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <circle cx="60" cy="60" r="54" fill="rgb(255 255 255 / 10%)" />
      <path d="M30 64v-8a30 30 0 0 1 60 0v8" fill="none" stroke={`url(#${id}-g)`} strokeWidth="8" strokeLinecap="round" />
      <rect x="24" y="60" width="16" height="24" rx="6" fill="#f97316" />
      <rect x="80" y="60" width="16" height="24" rx="6" fill="#f97316" />
      <path d="M88 84c0 10-8 14-20 14h-6" fill="none" stroke="#fde68a" strokeWidth="5" strokeLinecap="round" />
      <rect x="46" y="42" width="28" height="20" rx="8" fill="#0f766e" />
      <path d="M52 62l-4 8 10-8" fill="#0f766e" />
      <circle cx="54" cy="52" r="2.5" fill="#fff" />
      <circle cx="60" cy="52" r="2.5" fill="#fff" />
      <circle cx="66" cy="52" r="2.5" fill="#fff" />
    </svg>
  );
}

/** /support: the help centre, the operator's contact channels and the way into complaints. */
export function SupportScreen() {
  const { t } = useTranslation('support');
  const goBack = useGoBack('/mine');
  return (
    <div className={styles.screen}>
      <header className={styles.hero}>
        <button type="button" className={styles.backButton} aria-label={t('common.back')} onClick={goBack}>
          <BackIcon size={22} />
        </button>
        <div className={styles.heroText}>
          <h1 className={styles.heroTitle}>{t('titles.support')}</h1>
          <p className={styles.heroSubtitle}>{t('support.subtitle')}</p>
        </div>
        <SupportArt />
      </header>
      <div className={styles.overlap}>
        <HelpCentre />
      </div>
      <ContactChannels />
      <ComplaintsCard />
    </div>
  );
}
