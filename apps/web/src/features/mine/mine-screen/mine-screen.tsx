import type { ResponseOf } from '@mayur/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance, useCurrentUser } from '../../../shared/api/queries.ts';
import { useSessionToken } from '../../../shared/api/session.ts';
import { storedLocale } from '../../../shared/i18n/i18n.ts';
import { nativeNameOf } from '../../../shared/i18n/languages.ts';
import { toPaise } from '../../../shared/lib/money.ts';
import { buttonClassName, Button } from '../../../shared/ui/button.tsx';
import {
  CardIcon,
  ChatIcon,
  ChevronIcon,
  CoinIcon,
  CopyIcon,
  DocumentIcon,
  EditIcon,
  GiftIcon,
  GlobeIcon,
  HeadsetIcon,
  ListIcon,
  LockIcon,
  LogoutIcon,
  RefreshIcon,
  ShieldIcon,
  SwapIcon,
  UserIcon,
  WarningIcon,
} from '../../../shared/ui/icons.tsx';
import { useCopyWithToast } from '../../../shared/ui/copy-button.tsx';
import { LanguagePickerDialog } from '../../../shared/ui/language-picker-dialog.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { LogoMark } from '../../../shared/ui/logo.tsx';
import { Money } from '../../../shared/ui/money.tsx';
import { PageFallback } from '../../../shared/ui/spinner.tsx';
import { useUnreadComplaints } from '../../complaints/use-unread-complaints.ts';
import { InfoIcon, PauseHandIcon as HandIcon } from '../../support/support-icons.tsx';
import { ExchangeBonusDialog } from './exchange-bonus-dialog.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import styles from './mine-screen.module.css';
import { NickNameDialog } from './nick-name-dialog.tsx';

type User = ResponseOf<'/user/findUserInfo'>;

function MenuRow({
  icon,
  label,
  value,
  to,
  onClick,
  badge,
}: {
  icon: ReactNode;
  label: string;
  value?: string;
  to?: string;
  onClick?: () => void;
  /** A count to draw attention to (unread answers), with its spoken form. */
  badge?: { count: number; label: string };
}) {
  const content = (
    <>
      <span className={styles.menuIcon}>{icon}</span>
      <span className={styles.menuLabel}>{label}</span>
      {value && <span className={styles.menuValue}>{value}</span>}
      {badge && badge.count > 0 && (
        <span className={styles.menuBadge} data-testid="menu-badge">
          <span aria-hidden="true">{badge.count > 99 ? '99+' : badge.count}</span>
          <span className="visually-hidden">{badge.label}</span>
        </span>
      )}
      <ChevronIcon className={styles.menuChevron} size={18} />
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={styles.menuItem}>
          {content}
        </Link>
      ) : (
        <button type="button" className={styles.menuItem} onClick={onClick} aria-haspopup="dialog">
          {content}
        </button>
      )}
    </li>
  );
}

function ProfileHeader({ user, onEditNickName }: { user: User; onEditNickName: () => void }) {
  const { t } = useTranslation('mine');
  const account = user.mobile ?? user.email ?? '';
  const copy = useCopyWithToast();
  return (
    <section className={styles.hero} aria-labelledby="profile-name" data-testid="profile-card">
      <h1 className={styles.heroTitle}>{t('titles.mine')}</h1>
      <div className={styles.profile}>
        <span className={styles.avatar} aria-hidden="true">
          {Array.from(user.nickName.trim())[0] ?? <UserIcon />}
        </span>
        <div className={styles.identity}>
          <div className={styles.nameRow}>
            <h2 id="profile-name" className={styles.nickName} data-testid="profile-nick-name" dir="auto">
              {user.nickName}
            </h2>
            <button
              type="button"
              className={styles.smallIconButton}

              onClick={onEditNickName}
            >
              <EditIcon size={16} />
              <span className="visually-hidden">{t('mine.changeNickName')}</span>
            </button>
          </div>
          <p className={styles.meta}>
            {t('mine.id')}:{' '}
            <span className="ltr-text" data-testid="profile-id">
              {user.id}
            </span>
            <span className={styles.level}>{t('mine.level', { level: user.level })}</span>
          </p>
          <p className={styles.meta}>
            <span className="ltr-text" data-testid="profile-account">
              {user.mobile ? `+91 ${account}` : account}
            </span>
          </p>
        </div>
      </div>
      <div className={styles.promotion}>
        <span className={styles.promotionLabel}>{t('mine.promotionCode')}</span>
        <span className={`${styles.promotionCode} ltr-text`} data-testid="profile-promotion-code">
          {user.promotionCode}
        </span>
        <button
          type="button"
          className={styles.smallIconButton}
          aria-label={t('mine.copyPromotionCode')}
          onClick={() => copy(user.promotionCode)}
        >
          <CopyIcon size={16} />
        </button>
      </div>
    </section>
  );
}

function BalanceCard() {
  const { t } = useTranslation(['mine', 'wallet']);
  const balance = useBalance();
  const [isExchangeOpen, setIsExchangeOpen] = useState(false);
  const bonus = balance.data?.bonus;
  const bonusPaise = bonus === undefined ? null : toPaise(bonus);
  const hasBonus = bonusPaise !== null && bonusPaise > 0n;
  return (
    <section className={`${styles.card} ${styles.balanceCard}`} aria-labelledby="balance-title">
      <div className={styles.balanceHeader}>
        <h2 id="balance-title" className={styles.cardTitle}>
          {t('mine.wallet')}
        </h2>
        <button
          type="button"
          className={styles.refresh}
          aria-label={t('mine.refreshBalance')}
          aria-busy={balance.isFetching}
          onClick={() => void balance.refetch()}
          disabled={balance.isFetching}
        >
          <RefreshIcon size={20} />
        </button>
      </div>
      <dl className={styles.amounts}>
        <div className={styles.amount}>
          <dt className={styles.amountLabel}>{t('mine.balance')}</dt>
          <dd className={styles.amountValue} data-testid="balance">
            {balance.data ? <Money value={balance.data.balance} /> : '—'}
          </dd>
        </div>
        <div className={styles.amount}>
          <dt className={styles.amountLabel}>{t('mine.bonus')}</dt>
          <dd className={styles.amountValue} data-testid="bonus">
            {balance.data ? <Money value={balance.data.bonus} /> : '—'}
          </dd>
        </div>
      </dl>
      <div className={styles.exchange}>
        <Button
          variant="ghost"
          isSmall
          isBlock
          className={styles.exchangeButton}
          disabled={!hasBonus}
          aria-haspopup="dialog"
          aria-describedby={balance.data && !hasBonus ? 'exchange-bonus-hint' : undefined}
          onClick={() => setIsExchangeOpen(true)}
        >
          <SwapIcon size={18} />
          {t('exchange.open')}
        </Button>
        {balance.data && !hasBonus && (
          <p id="exchange-bonus-hint" className={styles.exchangeHint}>
            {t('exchange.noBonus')}
          </p>
        )}
      </div>
      <div className={styles.balanceActions}>
        <Link to="/recharge" className={buttonClassName({ variant: 'primary', isSmall: true })}>
          {t('titles.recharge')}
        </Link>
        <Link to="/withdraw" className={buttonClassName({ variant: 'secondary', isSmall: true })}>
          {t('titles.withdraw')}
        </Link>
      </div>
      {bonus !== undefined && (
        <ExchangeBonusDialog isOpen={isExchangeOpen} onOpenChange={setIsExchangeOpen} availableBonus={bonus} />
      )}
    </section>
  );
}

function SignedOutPrompt() {
  const { t } = useTranslation(['mine', 'auth']);
  return (
    <section className={`${styles.card} ${styles.signedOut}`} aria-labelledby="signed-out-title">
      <LogoMark size={64} />
      <h1 id="signed-out-title" className={styles.cardTitle}>
        {t('mine.signedOutTitle')}
      </h1>
      <p>{t('mine.signedOutBody')}</p>
      <div className={styles.signedOutActions}>
        <Link to="/login" state={{ from: '/mine' }} className={buttonClassName({ variant: 'primary' })}>
          {t('auth.loginButton')}
        </Link>
        <Link to="/reg" className={buttonClassName({ variant: 'secondary' })}>
          {t('auth.registerLink')}
        </Link>
      </div>
    </section>
  );
}

/** Complaints & Suggestions, where the operator's answers arrive. */
function ComplaintsRow() {
  const { t } = useTranslation('mine');
  const unreadCount = useUnreadComplaints();
  return (
    <MenuRow
      icon={<ChatIcon size={18} />}
      label={t('titles.complaint')}
      to="/addsug"
      badge={{ count: unreadCount, label: t('mine.unreadAnswers', { count: unreadCount }) }}
    />
  );
}

/** Help for everyone: the help centre and player protection; complaints need an account. */
function HelpMenu({ isSignedIn }: { isSignedIn: boolean }) {
  const { t } = useTranslation('mine');
  return (
    <section className={styles.card} aria-labelledby="help-title">
      <h2 id="help-title" className={styles.sectionTitle}>
        {t('mine.help')}
      </h2>
      <ul className={styles.menu}>
        <MenuRow icon={<HeadsetIcon size={18} />} label={t('titles.support')} to="/support" />
        {isSignedIn && <ComplaintsRow />}
        <MenuRow icon={<HandIcon size={18} />} label={t('titles.responsibleGaming')} to="/responsible-gaming" />
      </ul>
    </section>
  );
}

function InformationMenu({ onOpenLanguage }: { onOpenLanguage: () => void }) {
  const { t } = useTranslation('mine');
  return (
    <section className={styles.card} aria-labelledby="information-title">
      <h2 id="information-title" className={styles.sectionTitle}>
        {t('mine.information')}
      </h2>
      <ul className={styles.menu}>
        <MenuRow icon={<InfoIcon size={18} />} label={t('titles.about')} to="/about" />
        <MenuRow icon={<DocumentIcon size={18} />} label={t('mine.privacyPolicy')} to="/privacy" />
        <MenuRow icon={<WarningIcon size={18} />} label={t('mine.riskDisclosure')} to="/risk" />
        <MenuRow
          icon={<GlobeIcon size={18} />}
          label={t('language.label')}
          value={nativeNameOf(storedLocale())}
          onClick={onOpenLanguage}
        />
      </ul>
    </section>
  );
}

export function MineScreen() {
  const { t } = useTranslation('mine');
  const token = useSessionToken();
  const user = useCurrentUser();
  const [isNickNameOpen, setIsNickNameOpen] = useState(false);
  const [isLogoutOpen, setIsLogoutOpen] = useState(false);
  const [isLanguageOpen, setIsLanguageOpen] = useState(false);

  const languageDialog = <LanguagePickerDialog isOpen={isLanguageOpen} onOpenChange={setIsLanguageOpen} />;

  if (!token) {
    return (
      <div className={styles.screen}>
        <div className={styles.hero} />
        <div className={styles.balanceCard}>
          <SignedOutPrompt />
        </div>
        <HelpMenu isSignedIn={false} />
        <InformationMenu onOpenLanguage={() => setIsLanguageOpen(true)} />
        {languageDialog}
      </div>
    );
  }
  if (user.isPending) return <PageFallback />;
  if (!user.data) return <LoadError onRetry={() => void user.refetch()} />;

  const withdrawPasswordRoute = user.data.mobile ? '/reset' : '/resetemail';
  return (
    <div className={styles.screen}>
      <ProfileHeader user={user.data} onEditNickName={() => setIsNickNameOpen(true)} />
      <BalanceCard />
      <section className={styles.card} aria-labelledby="security-title">
        <h2 id="security-title" className={styles.sectionTitle}>
          {t('mine.accountSecurity')}
        </h2>
        <ul className={styles.menu}>
          <MenuRow icon={<LockIcon size={18} />} label={t('mine.resetLoginPassword')} to="/resetps" />
          <MenuRow
            icon={<ShieldIcon size={18} />}
            label={t('mine.resetWithdrawPassword')}
            value={user.data.hasWithdrawPassword ? t('mine.isSet') : t('mine.notSet')}
            to={withdrawPasswordRoute}
          />
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="services-title">
        <h2 id="services-title" className={styles.sectionTitle}>
          {t('mine.services')}
        </h2>
        <ul className={styles.menu}>
          <MenuRow icon={<CardIcon size={18} />} label={t('titles.bank')} to="/bank" />
          <MenuRow icon={<CoinIcon size={18} />} label={t('titles.usdtAccount')} to="/bankemail" />
          <MenuRow icon={<ListIcon size={18} />} label={t('titles.rechargeRecord')} to="/recharge_log" />
          <MenuRow icon={<ListIcon size={18} />} label={t('titles.withdrawRecord')} to="/withdraw_log" />
          <MenuRow icon={<GiftIcon size={18} />} label={t('mine.redeemGift')} to="/gift" />
          <MenuRow icon={<ListIcon size={18} />} label={t('titles.transactions')} to="/transactions" />
        </ul>
      </section>
      <HelpMenu isSignedIn />
      <InformationMenu onOpenLanguage={() => setIsLanguageOpen(true)} />
      <div className={styles.logout}>
        <Button variant="secondary" isBlock onClick={() => setIsLogoutOpen(true)} aria-haspopup="dialog">
          <LogoutIcon size={20} />
          {t('mine.logout')}
        </Button>
      </div>
      <NickNameDialog isOpen={isNickNameOpen} onOpenChange={setIsNickNameOpen} currentNickName={user.data.nickName} />
      <LogoutDialog isOpen={isLogoutOpen} onOpenChange={setIsLogoutOpen} />
      {languageDialog}
    </div>
  );
}
