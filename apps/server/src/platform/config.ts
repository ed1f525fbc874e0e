import { adminEnv, type AdminSettings } from '../modules/admin/admin-env.ts';
import { agentEnv, type AgentSettings } from '../modules/agent/agent-env.ts';
import { approvalsEnv, type ApprovalSettings } from '../modules/approvals/approvals-env.ts';
import { authEnv, type AuthSettings } from '../modules/auth/auth-env.ts';
import { codeDeliveryEnv, type CodeDeliverySettings } from '../modules/codes/code-delivery-env.ts';
import { chainsEnv, type ChainSettings } from '../modules/fairness/chains-env.ts';
import { crashEnv, type CrashSettings } from '../modules/games/crash/crash-env.ts';
import { lotteryEnv, type LotterySettings } from '../modules/games/lottery/lottery-env.ts';
import { paymentsEnv, type PaymentsConfig } from '../modules/payments/payments-env.ts';
import { protectionEnv } from '../modules/protection/protection-env.ts';
import { providersEnv, type ProvidersConfig } from '../modules/providers/providers-env.ts';
import { supportEnv, type SupportSettings } from '../modules/support/support-env.ts';
import { bonusWageringEnv } from '../modules/wallet/bonus-wagering-env.ts';
import { deploymentOf, readSettings, type Env } from './env-fields.ts';
import { gameClockEnv, type GameClockSettings } from './game-clock-env.ts';
import { platformEnv, type PlatformSettings } from './platform-env.ts';
import type { THelpOrganisation } from '@mayur/contracts';

// Every setting comes from the environment, is parsed once at start, and is passed down explicitly.
// Each module owns the schema of its variables (its `*-env.ts`); this file only puts them together, and
// a start with wrong settings is refused with every one of them listed (env-fields.ts).

// What callers outside the modules named these by (the payment gateway's port, benchmarks, tests).
export type { AgentLevelThreshold } from '../modules/agent/agent-env.ts';
export { DEMO_USDT_XPUB, type PaymentGatewayName } from '../modules/payments/payments-env.ts';
export { SettingsRefused } from './env-fields.ts';

export type Config = PlatformSettings &
  AuthSettings & {
    codeDelivery: CodeDeliverySettings;
    /** The back office, with the maker-checker numbers its approvals run by. */
    admin: AdminSettings & ApprovalSettings;
    payments: PaymentsConfig;
    /** Third-party game providers (seamless wallet, decision 0026). */
    providers: ProvidersConfig;
    /**
     * Bets needed before promotional bonus can be exchanged to cash, as hundredths of the bonus credited
     * (100 = bets of 1× the bonus); 0 turns the requirement off (decision 0009).
     */
    bonusWageringMultiplierX100: bigint;
    agent: AgentSettings;
    crash: CrashSettings;
    lottery: LotterySettings;
    /** The game clock that steps every room's rounds, on the one node holding its lease. */
    gameClock: GameClockSettings;
    /** The hash chains every room's results come from (fairness). */
    chains: ChainSettings;
    /** The operator's contact channels shown on /support; each is absent when its setting is unset. */
    support: SupportSettings;
    /** Responsible-gaming help organisations (RG_HELP_ORGANISATIONS, JSON); empty: the app shows its own list. */
    helpOrganisations: THelpOrganisation[];
  };

/** Reads every module's settings; throws SettingsRefused naming every wrong setting. */
export function loadConfig(env: Env = process.env): Config {
  const deployment = deploymentOf(env);
  const settings = readSettings(env, {
    platform: platformEnv(deployment),
    auth: authEnv,
    codeDelivery: codeDeliveryEnv,
    admin: adminEnv(deployment),
    approvals: approvalsEnv,
    payments: paymentsEnv(deployment),
    providers: providersEnv(deployment),
    bonusWagering: bonusWageringEnv,
    agent: agentEnv,
    crash: crashEnv,
    lottery: lotteryEnv,
    gameClock: gameClockEnv(deployment),
    chains: chainsEnv,
    support: supportEnv,
    protection: protectionEnv,
  });
  return {
    ...settings.platform,
    ...settings.auth,
    codeDelivery: settings.codeDelivery,
    admin: { ...settings.admin, ...settings.approvals },
    payments: settings.payments,
    providers: settings.providers,
    ...settings.bonusWagering,
    agent: settings.agent,
    crash: settings.crash,
    lottery: settings.lottery,
    gameClock: settings.gameClock,
    chains: settings.chains,
    support: settings.support,
    ...settings.protection,
  };
}
