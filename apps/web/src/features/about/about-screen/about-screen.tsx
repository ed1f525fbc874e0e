import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { version } from '../../../../package.json';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { ChevronIcon, CoinIcon, DocumentIcon, HeadsetIcon, WarningIcon, type IconProps } from '../../../shared/ui/icons.tsx';
import { LogoMark } from '../../../shared/ui/logo.tsx';
import { FairnessIcon, PauseHandIcon, TeamIcon } from '../../support/support-icons.tsx';
import styles from './about-screen.module.css';

function PromiseItem({ Icon, title, children }: { Icon: ComponentType<IconProps>; title: string; children: ReactNode }) {
  return (
    <li className={styles.promise}>
      <span className={styles.promiseIcon}>
        <Icon size={22} />
      </span>
      <div className={styles.promiseText}>
        <h3 className={styles.promiseTitle}>{title}</h3>
        {children}
      </div>
    </li>
  );
}

function LinkRow({ to, Icon, label }: { to: string; Icon: ComponentType<IconProps>; label: string }) {
  return (
    <li>
      <Link to={to} className={styles.linkRow}>
        <span className={styles.linkIcon}>
          <Icon size={18} />
        </span>
        <span className={styles.linkLabel}>{label}</span>
        <ChevronIcon className={styles.linkChevron} size={18} />
      </Link>
    </li>
  );
}

/** /about: what Mayur is, its version, its promises, the 18+ notice and the policies. */
export function AboutScreen() {
  const { t } = useTranslation('support');
  return (
    <div className={styles.screen}>
      <section className={styles.brand} aria-labelledby="about-name">
        <LogoMark size={72} />
        <h2 id="about-name" className={styles.name}>
          Mayur
        </h2>
        <p className={styles.tagline}>{t('about.tagline')}</p>
        <p className={styles.version} data-testid="about-version">
          {t('about.version', { version: isolateLeftToRight(version) })}
        </p>
      </section>

      <section className={styles.card} aria-labelledby="about-promises">
        <h2 id="about-promises" className={styles.sectionTitle}>
          {t('about.promisesTitle')}
        </h2>
        <ul className={styles.promises}>
          <PromiseItem Icon={FairnessIcon} title={t('about.fairTitle')}>
            <p>{t('about.fairBody')}</p>
            <Link to="/fairness" className={styles.inlineLink}>
              {t('about.fairLink')}
            </Link>
          </PromiseItem>
          <PromiseItem Icon={CoinIcon} title={t('about.moneyTitle')}>
            <p>{t('about.moneyBody')}</p>
          </PromiseItem>
          <PromiseItem Icon={TeamIcon} title={t('about.realTitle')}>
            <p>{t('about.realBody')}</p>
          </PromiseItem>
        </ul>
      </section>

      <section className={`${styles.card} ${styles.age}`} aria-labelledby="about-age" data-testid="about-age">
        <span className={styles.ageBadge} aria-hidden="true" dir="ltr">
          18+
        </span>
        <div>
          <h2 id="about-age" className={styles.sectionTitle}>
            {t('about.ageTitle')}
          </h2>
          <p>{t('about.ageBody')}</p>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="about-policies">
        <h2 id="about-policies" className={styles.sectionTitle}>
          {t('about.policiesTitle')}
        </h2>
        <ul className={styles.links}>
          <LinkRow to="/privacy" Icon={DocumentIcon} label={t('about.privacy')} />
          <LinkRow to="/risk" Icon={WarningIcon} label={t('about.risk')} />
          <LinkRow to="/responsible-gaming" Icon={PauseHandIcon} label={t('about.responsibleGaming')} />
          <LinkRow to="/support" Icon={HeadsetIcon} label={t('about.support')} />
        </ul>
      </section>
    </div>
  );
}
