import { lazy, type ComponentType, type ReactNode } from 'react';
import { HomeScreen } from '../features/home/home-screen/home-screen.tsx';
import { withNamespaces } from '../shared/i18n/i18n.ts';
import { loadQueryScope } from './load-query-scope.ts';
import { preloadableLazy } from './preloadable-lazy.ts';
import type { Namespace } from '../shared/i18n/namespaces.ts';
import { DIRECT_SCREENS } from './direct-screens.ts';
import { startEarlyRead } from '../shared/api/early-reads.ts';

export type LayoutKind = 'default' | 'bare' | 'nav';

export type AppRoute = {
  path: string;
  layout: LayoutKind;
  /** i18n key of the title: the nav layout's header and the document title. */
  titleKey: string;
  render: () => ReactNode;
  /** Signed-out players are sent to /login and brought back afterwards. */
  requiresSession?: boolean;
  /** The nav layout's right-hand link. */
  headerLink?: { to: string; labelKey: string };
};

// Every screen except the home route's own code is its own chunk (DESIGN.md §10: home ≤ 130 KB gzip),
// fetched together with the translation namespaces it reads and the query library (app/query-scope.tsx).
function loadScreen<Module>(namespaces: readonly Namespace[], loadModule: Promise<Module>): Promise<Module> {
  return Promise.all([withNamespaces(namespaces, loadModule), loadQueryScope()]).then(([module]) => module);
}

const firstScreenLoaders = new Map<string, () => Promise<unknown>>();

/** A screen players open directly (app/direct-screens.ts): the app loads the first page's before rendering. */
function directScreen<Props extends object>(
  screen: keyof typeof DIRECT_SCREENS,
  loadComponent: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const { Component, load } = preloadableLazy(loadComponent);
  for (const path of DIRECT_SCREENS[screen].paths) firstScreenLoaders.set(path, load);
  return Component;
}

/** Loads the code of the screen at `pathname` when it is one players open directly (see directScreen). */
export function loadFirstScreen(pathname: string): Promise<unknown> {
  return firstScreenLoaders.get(pathname)?.() ?? Promise.resolve();
}

const LoginScreen = directScreen('login', () =>
  loadScreen(DIRECT_SCREENS.login.namespaces, import('../features/auth/login-screen/login-screen.tsx')).then(
    (module) => module.LoginScreen,
  ),
);
const RegisterScreen = lazy(() =>
  loadScreen(['auth'], import('../features/auth/register-screen/register-screen.tsx')).then((module) => ({
    default: module.RegisterScreen,
  })),
);
const ForgetPasswordScreen = lazy(() =>
  loadScreen(['auth'], import('../features/auth/forget-password-screen/forget-password-screen.tsx')).then((module) => ({
    default: module.ForgetPasswordScreen,
  })),
);
const ResetLoginPasswordScreen = lazy(() =>
  loadScreen(['auth'], import('../features/auth/reset-login-password-screen/reset-login-password-screen.tsx')).then((module) => ({
    default: module.ResetLoginPasswordScreen,
  })),
);
const ResetWithdrawPasswordScreen = lazy(() =>
  loadScreen(['auth'], import('../features/auth/reset-withdraw-password-screen/reset-withdraw-password-screen.tsx')).then(
    (module) => ({
      default: module.ResetWithdrawPasswordScreen,
    }),
  ),
);
const MineScreen = directScreen('mine', () =>
  loadScreen(DIRECT_SCREENS.mine.namespaces, import('../features/mine/mine-screen/mine-screen.tsx')).then(
    (module) => module.MineScreen,
  ),
);
const PolicyScreen = lazy(() =>
  loadScreen(['policy'], import('../features/policy/policy-screen/policy-screen.tsx')).then((module) => ({
    default: module.PolicyScreen,
  })),
);
const TransactionsScreen = lazy(() =>
  loadScreen(['wallet'], import('../features/wallet/transactions-screen/transactions-screen.tsx')).then((module) => ({
    default: module.TransactionsScreen,
  })),
);
const GiftScreen = lazy(() =>
  loadScreen(['wallet'], import('../features/wallet/gift-screen/gift-screen.tsx')).then((module) => ({
    default: module.GiftScreen,
  })),
);
// Each game is its own chunk; the components they share (round, records, sheet) form one more.
const WingoScreen = directScreen('wingo', () =>
  loadScreen(DIRECT_SCREENS.wingo.namespaces, import('../features/lottery/wingo-screen/wingo-screen.tsx')).then(
    (module) => module.WingoScreen,
  ),
);
const WingoPkScreen = directScreen('wingoPk', () =>
  loadScreen(DIRECT_SCREENS.wingoPk.namespaces, import('../features/lottery/wingo-pk-screen/wingo-pk-screen.tsx')).then(
    (module) => module.WingoPkScreen,
  ),
);
const BitgameScreen = directScreen('bitgame', () =>
  loadScreen(DIRECT_SCREENS.bitgame.namespaces, import('../features/lottery/bitgame-screen/bitgame-screen.tsx')).then(
    (module) => module.BitgameScreen,
  ),
);
const AviatorScreen = directScreen('aviator', () =>
  loadScreen(DIRECT_SCREENS.aviator.namespaces, import('../features/crash/aviator-screen/aviator-screen.tsx')).then(
    (module) => module.AviatorScreen,
  ),
);
const CrashScreen = directScreen('crash', () =>
  loadScreen(DIRECT_SCREENS.crash.namespaces, import('../features/crash/crash-screen/crash-screen.tsx')).then(
    (module) => module.CrashScreen,
  ),
);
const FairnessScreen = lazy(() =>
  loadScreen(['fairness', 'lottery'], import('../features/fairness/fairness-screen/fairness-screen.tsx')).then((module) => ({
    default: module.FairnessScreen,
  })),
);
// Payments: payout accounts (namespace "bank"), recharge and withdrawal (namespace "cash").
const BankListScreen = lazy(() =>
  loadScreen(['bank'], import('../features/bank/bank-list-screen/bank-list-screen.tsx')).then((module) => ({
    default: module.BankListScreen,
  })),
);
const BankFormScreen = lazy(() =>
  loadScreen(['bank'], import('../features/bank/bank-form-screen/bank-form-screen.tsx')).then((module) => ({
    default: module.BankFormScreen,
  })),
);
const UsdtAccountFormScreen = lazy(() =>
  loadScreen(['bank'], import('../features/bank/usdt-account-form-screen/usdt-account-form-screen.tsx')).then((module) => ({
    default: module.UsdtAccountFormScreen,
  })),
);
// Recharge's settings are read while its code downloads, so its form paints complete at once (LCP).
const RechargeScreen = directScreen('recharge', () => {
  startEarlyRead('/cash/findRechargeInfo');
  return loadScreen(DIRECT_SCREENS.recharge.namespaces, import('../features/cash/recharge-screen/recharge-screen.tsx')).then(
    (module) => module.RechargeScreen,
  );
});
const UsdtRechargeScreen = lazy(() =>
  loadScreen(['cash'], import('../features/cash/usdt-recharge-screen/usdt-recharge-screen.tsx')).then((module) => ({
    default: module.UsdtRechargeScreen,
  })),
);
const RechargeLogScreen = lazy(() =>
  loadScreen(['cash'], import('../features/cash/recharge-log-screen/recharge-log-screen.tsx')).then((module) => ({
    default: module.RechargeLogScreen,
  })),
);
const WithdrawScreen = lazy(() =>
  loadScreen(['cash', 'bank'], import('../features/cash/withdraw-screen/withdraw-screen.tsx')).then((module) => ({
    default: module.WithdrawScreen,
  })),
);
const WithdrawLogScreen = lazy(() =>
  loadScreen(['cash'], import('../features/cash/withdraw-log-screen/withdraw-log-screen.tsx')).then((module) => ({
    default: module.WithdrawLogScreen,
  })),
);
// The agent programme (namespace "agent").
const PromotionScreen = lazy(() =>
  loadScreen(['agent'], import('../features/agent/promotion-screen/promotion-screen.tsx')).then((module) => ({
    default: module.PromotionScreen,
  })),
);
const ReportScreen = lazy(() =>
  loadScreen(['agent'], import('../features/agent/report-screen/report-screen.tsx')).then((module) => ({
    default: module.ReportScreen,
  })),
);
const SubordinatesScreen = lazy(() =>
  loadScreen(['agent'], import('../features/agent/subordinates-screen/subordinates-screen.tsx')).then((module) => ({
    default: module.SubordinatesScreen,
  })),
);
const CommissionScreen = lazy(() =>
  loadScreen(['agent'], import('../features/agent/commission-screen/commission-screen.tsx')).then((module) => ({
    default: module.CommissionScreen,
  })),
);
const RulesScreen = lazy(() =>
  loadScreen(['agent'], import('../features/agent/rules-screen/rules-screen.tsx')).then((module) => ({
    default: module.RulesScreen,
  })),
);
// Help: the help centre, About and Responsible gaming (namespace "support").
const SupportScreen = lazy(() =>
  loadScreen(['support', 'complaints'], import('../features/support/support-screen/support-screen.tsx')).then((module) => ({
    default: module.SupportScreen,
  })),
);
const AboutScreen = lazy(() =>
  loadScreen(['support'], import('../features/about/about-screen/about-screen.tsx')).then((module) => ({
    default: module.AboutScreen,
  })),
);
const ResponsibleGamingScreen = lazy(() =>
  loadScreen(['support'], import('../features/support/responsible-gaming-screen/responsible-gaming-screen.tsx')).then(
    (module) => ({
      default: module.ResponsibleGamingScreen,
    }),
  ),
);
const ComplaintsScreen = lazy(() =>
  loadScreen(['complaints'], import('../features/complaints/complaints-screen/complaints-screen.tsx')).then((module) => ({
    default: module.ComplaintsScreen,
  })),
);
const withdrawRecordLink = { to: '/withdraw_log', labelKey: 'titles.withdrawRecord' };
const rechargeRecordLink = { to: '/recharge_log', labelKey: 'titles.rechargeRecord' };

/** The full route table of spec §2. */
export const APP_ROUTES: AppRoute[] = [
  { path: '/', layout: 'default', titleKey: 'titles.home', render: () => <HomeScreen /> },

  { path: '/login', layout: 'bare', titleKey: 'titles.login', render: () => <LoginScreen /> },
  { path: '/reg', layout: 'bare', titleKey: 'titles.register', render: () => <RegisterScreen /> },
  { path: '/forget', layout: 'bare', titleKey: 'titles.forgetPassword', render: () => <ForgetPasswordScreen channel="mobile" /> },
  {
    path: '/forgetemail',
    layout: 'bare',
    titleKey: 'titles.forgetPassword',
    render: () => <ForgetPasswordScreen channel="email" />,
  },
  {
    path: '/reset',
    layout: 'bare',
    titleKey: 'titles.resetWithdrawPassword',
    requiresSession: true,
    render: () => <ResetWithdrawPasswordScreen channel="mobile" />,
  },
  {
    path: '/resetemail',
    layout: 'bare',
    titleKey: 'titles.resetWithdrawPassword',
    requiresSession: true,
    render: () => <ResetWithdrawPasswordScreen channel="email" />,
  },
  {
    path: '/resetps',
    layout: 'bare',
    titleKey: 'titles.resetPassword',
    requiresSession: true,
    render: () => <ResetLoginPasswordScreen />,
  },
  { path: '/gift', layout: 'bare', titleKey: 'titles.gift', requiresSession: true, render: () => <GiftScreen /> },
  {
    path: '/complaint',
    layout: 'bare',
    titleKey: 'titles.complaint',
    requiresSession: true,
    render: () => <ComplaintsScreen layout="bare" />,
  },

  { path: '/mine', layout: 'default', titleKey: 'titles.mine', render: () => <MineScreen /> },
  {
    path: '/promotion',
    layout: 'default',
    titleKey: 'titles.promotion',
    requiresSession: true,
    render: () => <PromotionScreen />,
  },
  { path: '/support', layout: 'default', titleKey: 'titles.support', render: () => <SupportScreen /> },

  { path: '/bank', layout: 'nav', titleKey: 'titles.bank', requiresSession: true, render: () => <BankListScreen group="bank" /> },
  {
    path: '/bankemail',
    layout: 'nav',
    titleKey: 'titles.usdtAccount',
    requiresSession: true,
    render: () => <BankListScreen group="usdt" />,
  },
  {
    path: '/addbank',
    layout: 'nav',
    titleKey: 'titles.addBank',
    requiresSession: true,
    render: () => <BankFormScreen mode="add" />,
  },
  {
    path: '/addbankemail',
    layout: 'nav',
    titleKey: 'titles.addUsdtAccount',
    requiresSession: true,
    render: () => <UsdtAccountFormScreen mode="add" />,
  },
  {
    path: '/editbank',
    layout: 'nav',
    titleKey: 'titles.editBank',
    requiresSession: true,
    render: () => <BankFormScreen mode="edit" />,
  },
  {
    path: '/editbankemail',
    layout: 'nav',
    titleKey: 'titles.editUsdtAccount',
    requiresSession: true,
    render: () => <UsdtAccountFormScreen mode="edit" />,
  },

  { path: '/games/wingo', layout: 'bare', titleKey: 'games.winGo', render: () => <WingoScreen /> },
  { path: '/games/wingo-pk', layout: 'bare', titleKey: 'games.winGoPk', render: () => <WingoPkScreen /> },
  { path: '/games/limbo', layout: 'bare', titleKey: 'games.aviator', render: () => <AviatorScreen room="limbo" /> },
  { path: '/games/limbo1', layout: 'bare', titleKey: 'games.aviator', render: () => <AviatorScreen room="limbo1" /> },
  { path: '/games/limbo3', layout: 'bare', titleKey: 'games.aviator', render: () => <AviatorScreen room="limbo3" /> },
  { path: '/games/crash', layout: 'bare', titleKey: 'games.crash', render: () => <CrashScreen /> },
  { path: '/games/bitgame', layout: 'bare', titleKey: 'games.bitGame', render: () => <BitgameScreen /> },
  { path: '/fairness', layout: 'nav', titleKey: 'titles.fairness', render: () => <FairnessScreen /> },

  { path: '/star/report', layout: 'nav', titleKey: 'titles.agentReport', requiresSession: true, render: () => <ReportScreen /> },
  {
    path: '/star/list',
    layout: 'nav',
    titleKey: 'titles.subordinatesList',
    requiresSession: true,
    render: () => <SubordinatesScreen />,
  },
  {
    path: '/star/commission',
    layout: 'nav',
    titleKey: 'titles.commissionHistory',
    requiresSession: true,
    render: () => <CommissionScreen />,
  },
  { path: '/star/rules', layout: 'nav', titleKey: 'titles.agentRules', requiresSession: true, render: () => <RulesScreen /> },

  {
    path: '/withdraw',
    layout: 'nav',
    titleKey: 'titles.withdraw',
    requiresSession: true,
    headerLink: withdrawRecordLink,
    render: () => <WithdrawScreen group="bank" />,
  },
  {
    path: '/withdrawemail',
    layout: 'nav',
    titleKey: 'titles.withdraw',
    requiresSession: true,
    headerLink: withdrawRecordLink,
    render: () => <WithdrawScreen group="usdt" />,
  },
  {
    path: '/withdraw_log',
    layout: 'nav',
    titleKey: 'titles.withdrawRecord',
    requiresSession: true,
    render: () => <WithdrawLogScreen />,
  },
  {
    path: '/recharge',
    layout: 'nav',
    titleKey: 'titles.recharge',
    requiresSession: true,
    headerLink: rechargeRecordLink,
    render: () => <RechargeScreen />,
  },
  {
    path: '/rechargeemail',
    layout: 'nav',
    titleKey: 'titles.recharge',
    requiresSession: true,
    headerLink: rechargeRecordLink,
    render: () => <UsdtRechargeScreen />,
  },
  {
    path: '/recharge_log',
    layout: 'nav',
    titleKey: 'titles.rechargeRecord',
    requiresSession: true,
    render: () => <RechargeLogScreen />,
  },
  {
    path: '/transactions',
    layout: 'nav',
    titleKey: 'titles.transactions',
    requiresSession: true,
    render: () => <TransactionsScreen />,
  },

  { path: '/privacy', layout: 'nav', titleKey: 'titles.privacyPolicy', render: () => <PolicyScreen policy="privacy" /> },
  { path: '/risk', layout: 'nav', titleKey: 'titles.privacyPolicy', render: () => <PolicyScreen policy="risk" /> },
  { path: '/about', layout: 'nav', titleKey: 'titles.about', render: () => <AboutScreen /> },
  {
    path: '/responsible-gaming',
    layout: 'nav',
    titleKey: 'titles.responsibleGaming',
    render: () => <ResponsibleGamingScreen />,
  },
  {
    path: '/addsug',
    layout: 'nav',
    titleKey: 'titles.complaint',
    requiresSession: true,
    render: () => <ComplaintsScreen layout="nav" />,
  },
];
