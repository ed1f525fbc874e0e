import type { THelpOrganisation } from '@mayur/contracts';
import { useTranslation } from 'react-i18next';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { useHelpOrganisations } from '../../protection/use-protection.ts';
import { ExternalIcon, MailIcon, PhoneIcon } from '../support-icons.tsx';
import { HELP_ORGANISATIONS, telLink } from './help-organisations.ts';
import styles from './responsible-gaming-screen.module.css';

type ShownOrganisation = { key: string; name: string; description?: string; phone?: string; url?: string; email?: string };

/**
 * Help organisations: the operator's list when the server has one, else the built-in list for India
 * (also when the operator's list cannot be loaded: help must never be missing from this screen).
 */
export function HelpOrganisationsCard() {
  const { t } = useTranslation(['support', 'protection']);
  const configured = useHelpOrganisations();
  const operatorList = configured.data?.organisations ?? [];
  const organisations: ShownOrganisation[] =
    operatorList.length > 0
      ? operatorList.map((organisation: THelpOrganisation, index) => ({ key: `operator-${index}`, ...organisation }))
      : HELP_ORGANISATIONS.map((organisation) => ({
          key: organisation.id,
          name: organisation.name,
          description: t(`responsibleGaming.organisations.${organisation.id}`),
          phone: organisation.phone,
          url: organisation.website,
        }));

  return (
    <section className={styles.card} aria-labelledby="rg-help">
      <h2 id="rg-help" className={styles.sectionTitle}>
        {t('responsibleGaming.helpTitle')}
      </h2>
      {configured.isPending ? (
        <Spinner label={t('protection.loading')} />
      ) : (
        <ul
          className={styles.organisations}
          data-testid="rg-organisations"
          data-source={operatorList.length > 0 ? 'operator' : 'built-in'}
        >
          {organisations.map((organisation) => (
            <li key={organisation.key} className={styles.organisation}>
              <h3 className={styles.organisationName}>{organisation.name}</h3>
              {organisation.description && <p>{organisation.description}</p>}
              <div className={styles.organisationLinks}>
                {organisation.phone && (
                  <a href={telLink(organisation.phone)} className={styles.organisationLink}>
                    <PhoneIcon size={16} />
                    {t('responsibleGaming.call', { number: isolateLeftToRight(organisation.phone) })}
                  </a>
                )}
                {organisation.url && (
                  <a href={organisation.url} target="_blank" rel="noopener noreferrer" className={styles.organisationLink}>
                    <ExternalIcon size={16} />
                    {t('responsibleGaming.website')}
                  </a>
                )}
                {organisation.email && (
                  <a href={`mailto:${organisation.email}`} className={styles.organisationLink}>
                    <MailIcon size={16} />
                    {t('protection.help.email')}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>{t('responsibleGaming.helpNote')}</p>
    </section>
  );
}
