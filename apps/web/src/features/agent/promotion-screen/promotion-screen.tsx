import type { ResponseOf } from '@mayur/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { ChevronIcon } from '../../../shared/ui/icons.tsx';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { notify } from '../../../shared/ui/notify.ts';
import { CoinsIcon, GiftBoxIcon, ShareIcon, TeamIcon } from './agent-icons.tsx';
import { canShareInvitation, isShareCancelled, svgImageSource, type InvitationShare } from './invitation.ts';
import styles from './promotion-screen.module.css';
import { usePromotion } from './use-promotion.ts';

type Promotion = ResponseOf<'/user/findPromote'>;

/** The invite bonus settings as they read inside a sentence, kept left-to-right in Arabic too. */
function bonusSettings(promotion: Promotion): { threshold: string; amount: string } {
  return {
    threshold: isolateLeftToRight(formatRupees(promotion.inviteBonusThreshold)),
    amount: isolateLeftToRight(formatRupees(promotion.inviteBonusAmount)),
  };
}

function ShareButton({ invitation }: { invitation: InvitationShare }) {
  const { t } = useTranslation('agent');
  if (!canShareInvitation(typeof navigator === 'undefined' ? undefined : navigator, invitation)) return null;
  const share = async () => {
    try {
      await navigator.share(invitation);
    } catch (error) {
      if (!isShareCancelled(error)) notify.error(t('agent.promotion.shareFailed'));
    }
  };
  return (
    <Button isSmall className={styles.shareButton} onClick={() => void share()} data-testid="promotion-share">
      <ShareIcon size={16} />
      {t('agent.promotion.share')}
    </Button>
  );
}

function InvitationCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('agent');
  const invitation: InvitationShare = {
    title: t('agent.promotion.shareTitle'),
    text: t('agent.promotion.shareText', { code: promotion.promotionCode }),
    url: promotion.inviteLink,
  };
  return (
    <section className={`${styles.card} ${styles.invitation}`} aria-labelledby="invitation-title" data-testid="invitation-card">
      <h2 id="invitation-title" className={styles.cardTitle}>
        {t('agent.promotion.invitationTitle')}
      </h2>
      <div className={styles.codeRow}>
        <div className={styles.codeBox}>
          <span className={styles.label}>{t('agent.promotion.codeLabel')}</span>
          <span id="invitation-code" className={`${styles.code} ltr-text`} data-testid="promotion-code">
            {promotion.promotionCode}
          </span>
        </div>
        <CopyButton
          text={promotion.promotionCode}
          label={t('agent.promotion.copyCode')}
          copiedMessage={t('agent.promotion.codeCopied')}
          describedBy="invitation-code"
          testId="promotion-copy-code"
        />
      </div>
      <figure className={styles.qrFigure}>
        <img
          className={styles.qr}
          src={svgImageSource(promotion.inviteQrSvg)}
          alt={t('agent.promotion.qrAlt')}
          width={176}
          height={176}
          data-testid="promotion-qr"
        />
        <figcaption className={styles.hint}>{t('agent.promotion.qrHint')}</figcaption>
      </figure>
      <div className={styles.linkBox}>
        <span className={styles.label}>{t('agent.promotion.linkLabel')}</span>
        <span id="invitation-link" className={`${styles.link} ltr-text`} data-testid="promotion-link">
          {promotion.inviteLink}
        </span>
      </div>
      <div className={styles.actions}>
        <CopyButton
          text={promotion.inviteLink}
          label={t('agent.promotion.copyLink')}
          copiedMessage={t('agent.promotion.linkCopied')}
          describedBy="invitation-link"
          testId="promotion-copy-link"
          variant="primary"
        />
        <ShareButton invitation={invitation} />
      </div>
    </section>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>{label}</dt>
      <dd className={styles.figureValue} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function CommissionCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('agent');
  return (
    <section className={styles.card} aria-labelledby="commission-title">
      <h2 id="commission-title" className={styles.cardTitle}>
        <CoinsIcon size={18} className={styles.titleIcon} />
        {t('agent.promotion.commissionTitle')}
      </h2>
      {/* The total reads first and large; today and yesterday share the row below, so long amounts fit at 320 px. */}
      <dl className={`${styles.figures} ${styles.twoFigures}`}>
        <div className={`${styles.figure} ${styles.wideFigure}`}>
          <dt className={styles.figureLabel}>{t('agent.promotion.total')}</dt>
          <dd className={`${styles.figureValue} ${styles.largeValue}`} data-testid="promotion-commission-total">
            <Money value={promotion.commissionTotal} />
          </dd>
        </div>
        <Figure label={t('agent.promotion.today')} testId="promotion-commission-today">
          <Money value={promotion.commissionToday} />
        </Figure>
        <Figure label={t('agent.promotion.yesterday')} testId="promotion-commission-yesterday">
          <Money value={promotion.commissionYesterday} />
        </Figure>
      </dl>
      <p className={styles.note}>{t('agent.promotion.commissionDaily')}</p>
    </section>
  );
}

function TeamCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('agent');
  return (
    <section className={styles.card} aria-labelledby="team-title">
      <h2 id="team-title" className={styles.cardTitle}>
        <TeamIcon size={18} className={styles.titleIcon} />
        {t('agent.promotion.teamTitle')}
      </h2>
      <dl className={styles.figures}>
        <Figure label={t('agent.promotion.direct')} testId="promotion-direct-count">
          <span className="ltr-text">{promotion.directCount}</span>
        </Figure>
        <Figure label={t('agent.promotion.team')} testId="promotion-team-count">
          <span className="ltr-text">{promotion.teamCount}</span>
        </Figure>
        <Figure label={t('agent.promotion.newToday')} testId="promotion-new-today">
          <span className="ltr-text">{promotion.newToday}</span>
        </Figure>
      </dl>
    </section>
  );
}

const AGENT_LINKS = [
  { to: '/star/report', labelKey: 'agent.links.report', testId: 'promotion-link-report' },
  { to: '/star/list', labelKey: 'agent.links.list', testId: 'promotion-link-list' },
  { to: '/star/commission', labelKey: 'agent.links.commission', testId: 'promotion-link-commission' },
  { to: '/star/rules', labelKey: 'agent.links.rules', testId: 'promotion-link-rules' },
] as const;

/** The agent's other screens: the team report, the subordinates list, commission history and the rules. */
function AgentLinks() {
  const { t } = useTranslation('agent');
  return (
    <nav className={styles.card} aria-labelledby="agent-links-title">
      <h2 id="agent-links-title" className={styles.cardTitle}>
        {t('agent.links.title')}
      </h2>
      <ul className={styles.agentLinks}>
        {AGENT_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.agentLink} data-testid={link.testId}>
              <span>{t(link.labelKey)}</span>
              <ChevronIcon size={18} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function InviteBonusCard({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('agent');
  return (
    <section className={styles.card} aria-labelledby="bonus-title">
      <h2 id="bonus-title" className={styles.cardTitle}>
        <GiftBoxIcon size={18} className={styles.titleIcon} />
        {t('agent.promotion.bonusTitle')}
      </h2>
      <p className={styles.rule} data-testid="promotion-bonus-rule">
        {t('agent.promotion.bonusRule', bonusSettings(promotion))}
      </p>
      <dl className={`${styles.figures} ${styles.twoFigures}`}>
        <Figure label={t('agent.promotion.bonusCount')} testId="promotion-bonus-count">
          <span className="ltr-text">{promotion.inviteBonusCount}</span>
        </Figure>
        <Figure label={t('agent.promotion.bonusTotal')} testId="promotion-bonus-total">
          <Money value={promotion.inviteBonusTotal} />
        </Figure>
      </dl>
    </section>
  );
}

function HowItWorks({ promotion }: { promotion: Promotion }) {
  const { t } = useTranslation('agent');
  return (
    <section className={styles.card} aria-labelledby="how-title">
      <h2 id="how-title" className={styles.cardTitle}>
        {t('agent.promotion.howTitle')}
      </h2>
      <ol className={styles.steps}>
        <li>{t('agent.promotion.howInvite')}</li>
        <li>{t('agent.promotion.howTeam')}</li>
        <li>{t('agent.promotion.howBonus', bonusSettings(promotion))}</li>
        <li>{t('agent.promotion.howCommission')}</li>
      </ol>
    </section>
  );
}

function PromotionSkeleton() {
  const { t } = useTranslation('agent');
  return (
    <div className={styles.skeletonCards} role="status" aria-busy="true" data-testid="promotion-loading">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className={`${styles.card} ${styles.invitation}`} aria-hidden="true">
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '45%' }} />
        <span className={`${styles.skeleton} ${styles.skeletonCode}`} />
        <span className={`${styles.skeleton} ${styles.skeletonQr}`} />
        <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '80%' }} />
      </div>
      {[0, 1].map((index) => (
        <div key={index} className={styles.card} aria-hidden="true">
          <span className={`${styles.skeleton} ${styles.skeletonLine}`} style={{ width: '35%' }} />
          <span className={`${styles.skeleton} ${styles.skeletonBlock}`} />
        </div>
      ))}
    </div>
  );
}

/** `/promotion`: the player's invitation (code, link, QR, copy and share), team, invite bonuses and commission. */
export function PromotionScreen() {
  const { t } = useTranslation('agent');
  const promotion = usePromotion();
  const data = promotion.data;
  return (
    <div className={styles.screen}>
      <header className={styles.hero}>
        <div className={styles.heroRow}>
          <h1 className={styles.heroTitle}>{t('titles.promotion')}</h1>
          {data && (
            <span className={styles.level} data-testid="promotion-level">
              {t('agent.promotion.level', { level: data.level })}
            </span>
          )}
        </div>
        <p className={styles.heroText}>{t('agent.promotion.subtitle')}</p>
      </header>
      {promotion.isPending ? (
        <PromotionSkeleton />
      ) : !data ? (
        <div className={`${styles.card} ${styles.invitation}`}>
          <LoadError onRetry={() => void promotion.refetch()} />
        </div>
      ) : (
        <>
          <InvitationCard promotion={data} />
          <CommissionCard promotion={data} />
          <TeamCard promotion={data} />
          <AgentLinks />
          <InviteBonusCard promotion={data} />
          <HowItWorks promotion={data} />
        </>
      )}
    </div>
  );
}
