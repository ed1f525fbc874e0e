import { useTranslation } from 'react-i18next';
import styles from './policy-screen.module.css';

// Section ids in reading order; the text of each lives in the locale files under
// `<policy>.sections.<id>.title|body`, with paragraphs separated by blank lines.
const POLICY_SECTIONS = {
  privacy: ['whoWeAre', 'dataWeKeep', 'whyWeKeepIt', 'sharing', 'retention', 'security', 'yourRights', 'contact'],
  risk: ['age', 'realMoney', 'noGuarantee', 'fairness', 'responsibleGaming', 'selfExclusion', 'legal', 'contact'],
} as const;

export type PolicyKind = keyof typeof POLICY_SECTIONS;

/** The Privacy Policy (/privacy) and the Risk Disclosure Agreement (/risk). */
export function PolicyScreen({ policy }: { policy: PolicyKind }) {
  const { t } = useTranslation('policy');
  return (
    <article className={styles.policy} aria-labelledby="policy-heading">
      <h2 id="policy-heading" className={styles.heading}>
        {t(`${policy}.heading`)}
      </h2>
      <p className={styles.summary}>{t(`${policy}.summary`)}</p>
      {POLICY_SECTIONS[policy].map((section) => (
        <section key={section} className={styles.section} aria-labelledby={`policy-${section}`}>
          <h3 id={`policy-${section}`} className={styles.sectionTitle}>
            {t(`${policy}.sections.${section}.title`)}
          </h3>
          {t(`${policy}.sections.${section}.body`)
            .split(/\n\s*\n/)
            .map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className={styles.paragraph}>
                {paragraph}
              </p>
            ))}
        </section>
      ))}
    </article>
  );
}
