import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionToken } from '../../../shared/api/session.ts';
import { buttonClassName } from '../../../shared/ui/button.tsx';
import { DocumentIcon, LockIcon, type IconProps } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { ExclusionNotice, useRunningExclusion } from '../../protection/breaks/exclusion-banner.tsx';
import { BreaksCard } from '../../protection/breaks/breaks-card.tsx';
import { LimitsCard } from '../../protection/limits/limits-card.tsx';
import { RealityCheckSetting } from '../../protection/reality-check/reality-check-setting.tsx';
import { ActivityStatement } from '../../protection/statement/activity-statement.tsx';
import { useProtectionState } from '../../protection/use-protection.ts';
import { DepositIcon, PauseHandIcon, TimerIcon, WithdrawalIcon } from '../support-icons.tsx';
import { HelpOrganisationsCard } from './help-organisations-card.tsx';
import styles from './responsible-gaming-screen.module.css';

// The player-protection tools (decision 0022), in the order a player would reach for them, as a visitor
// reads about them before logging in.
const TOOLS: ReadonlyArray<{ id: string; Icon: ComponentType<IconProps> }> = [
  { id: 'depositLimit', Icon: DepositIcon },
  { id: 'lossLimit', Icon: WithdrawalIcon },
  { id: 'realityCheck', Icon: TimerIcon },
  { id: 'timeOut', Icon: PauseHandIcon },
  { id: 'selfExclusion', Icon: LockIcon },
  { id: 'statement', Icon: DocumentIcon },
];

const SIGNS = ['moreThanPlanned', 'chasing', 'hiding', 'restless'] as const;

/**
 * /responsible-gaming: the player's limits, reality check, breaks and activity statement (a visitor
 * reads what each tool does and is asked to log in), warning signs, and help organisations.
 */
export function ResponsibleGamingScreen() {
  const { t } = useTranslation(['support', 'protection']);
  const token = useSessionToken();
  return (
    <div className={styles.screen} data-testid="responsible-gaming">
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

      {token === null ? <ToolsForVisitors /> : <PlayerTools />}

      <section className={styles.card} aria-labelledby="rg-signs">
        <h2 id="rg-signs" className={styles.sectionTitle}>
          {t('responsibleGaming.signsTitle')}
        </h2>
        <ul className={styles.signs}>
          {SIGNS.map((sign) => (
            <li key={sign}>{t(`responsibleGaming.signs.${sign}`)}</li>
          ))}
        </ul>
        <Link to="/support" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          {t('responsibleGaming.supportLink')}
        </Link>
      </section>

      <HelpOrganisationsCard />
    </div>
  );
}

/** The signed-in player's tools, all from one state the server keeps. */
function PlayerTools() {
  const { t } = useTranslation('protection');
  const state = useProtectionState();
  const running = useRunningExclusion(state.data?.exclusion);
  if (state.isPending)
    return (
      <div className={styles.loading} aria-busy="true" aria-label={t('protection.loading')} data-testid="protection-loading">
        <span className={styles.skeletonCard} />
        <span className={styles.skeletonCard} />
      </div>
    );
  if (state.isError && !state.data)
    return (
      <section className={styles.card}>
        <LoadError onRetry={() => void state.refetch()} />
      </section>
    );
  const { limits, realityCheckMinutes } = state.data;
  return (
    <>
      {running && <ExclusionNotice exclusion={running} hasWithdrawLink isInset />}
      <LimitsCard kind="deposit" limits={limits} />
      <LimitsCard kind="loss" limits={limits} />
      <RealityCheckSetting minutes={realityCheckMinutes} />
      <BreaksCard running={running} />
      <ActivityStatement />
    </>
  );
}

/** What each tool does, for a visitor, with the way to log in and use them. */
function ToolsForVisitors() {
  const { t } = useTranslation(['support', 'protection']);
  return (
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
              <h3 className={styles.toolTitle}>{t(`responsibleGaming.tools.${id}.title`)}</h3>
              <p>{t(`responsibleGaming.tools.${id}.body`)}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('protection.signedOut.body')}</p>
      <Link
        to="/login"
        state={{ from: '/responsible-gaming' }}
        className={buttonClassName({ isSmall: true })}
        data-testid="rg-login"
      >
        {t('protection.signedOut.login')}
      </Link>
    </section>
  );
}
