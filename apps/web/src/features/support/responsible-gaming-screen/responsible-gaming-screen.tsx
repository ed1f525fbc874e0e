import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { DocumentIcon, LockIcon, type IconProps } from '../../../shared/ui/icons.tsx';
import { DepositIcon, ExternalIcon, InfoIcon, PauseHandIcon, PhoneIcon, TimerIcon, WithdrawalIcon } from '../support-icons.tsx';
import { HELP_ORGANISATIONS, telLink } from './help-organisations.ts';
import styles from './responsible-gaming-screen.module.css';

// The player-protection tools of issue 13, in the order a player would reach for them. None can be
// switched on yet: each is listed with a "coming soon" mark until its server side exists.
const TOOLS: ReadonlyArray<{ id: string; Icon: ComponentType<IconProps> }> = [
  { id: 'depositLimit', Icon: DepositIcon },
  { id: 'lossLimit', Icon: WithdrawalIcon },
  { id: 'realityCheck', Icon: TimerIcon },
  { id: 'timeOut', Icon: PauseHandIcon },
  { id: 'selfExclusion', Icon: LockIcon },
  { id: 'statement', Icon: DocumentIcon },
];

const SIGNS = ['moreThanPlanned', 'chasing', 'hiding', 'restless'] as const;

/** /responsible-gaming: the protection tools (coming), warning signs, and help organisations for India. */
export function ResponsibleGamingScreen() {
  const { t } = useTranslation('support');
  return (
    <div className={styles.screen}>
      <section className={styles.intro} aria-labelledby="rg-heading">
        <span className={styles.ageBadge} aria-hidden="true" dir="ltr">
          18+
        </span>
        <div>
          <h2 id="rg-heading" className={styles.heading}>
            {t('responsibleGaming.heading')}
          </h2>
          <p>{t('responsibleGaming.intro')}</p>
        </div>
      </section>

      <section className={styles.card} aria-labelledby="rg-tools">
        <h2 id="rg-tools" className={styles.sectionTitle}>
          {t('responsibleGaming.toolsTitle')}
        </h2>
        <ul className={styles.tools} data-testid="rg-tools">
          {TOOLS.map(({ id, Icon }) => (
            <li key={id} className={styles.tool}>
              <span className={styles.toolIcon}>
                <Icon size={22} />
              </span>
              <div className={styles.toolText}>
                <h3 className={styles.toolTitle}>
                  {t(`responsibleGaming.tools.${id}.title`)}
                  <span className={styles.soon}>{t('responsibleGaming.comingSoon')}</span>
                </h3>
                <p>{t(`responsibleGaming.tools.${id}.body`)}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.note} role="note">
          <InfoIcon size={18} className={styles.noteIcon} />
          {t('responsibleGaming.statusNote')}
        </p>
        <Link to="/support" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          {t('responsibleGaming.supportLink')}
        </Link>
      </section>

      <section className={styles.card} aria-labelledby="rg-signs">
        <h2 id="rg-signs" className={styles.sectionTitle}>
          {t('responsibleGaming.signsTitle')}
        </h2>
        <ul className={styles.signs}>
          {SIGNS.map((sign) => (
            <li key={sign}>{t(`responsibleGaming.signs.${sign}`)}</li>
          ))}
        </ul>
      </section>

      <section className={styles.card} aria-labelledby="rg-help">
        <h2 id="rg-help" className={styles.sectionTitle}>
          {t('responsibleGaming.helpTitle')}
        </h2>
        <ul className={styles.organisations} data-testid="rg-organisations">
          {HELP_ORGANISATIONS.map((organisation) => (
            <li key={organisation.id} className={styles.organisation}>
              <h3 className={styles.organisationName}>{organisation.name}</h3>
              <p>{t(`responsibleGaming.organisations.${organisation.id}`)}</p>
              <div className={styles.organisationLinks}>
                {organisation.phone && (
                  <a href={telLink(organisation.phone)} className={styles.organisationLink}>
                    <PhoneIcon size={16} />
                    {t('responsibleGaming.call', { number: isolateLeftToRight(organisation.phone) })}
                  </a>
                )}
                <a href={organisation.website} target="_blank" rel="noopener noreferrer" className={styles.organisationLink}>
                  <ExternalIcon size={16} />
                  {t('responsibleGaming.website')}
                </a>
              </div>
            </li>
          ))}
        </ul>
        <p className={styles.muted}>{t('responsibleGaming.helpNote')}</p>
      </section>
    </div>
  );
}
