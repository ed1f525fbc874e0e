import { isIP } from 'node:net';
import path from 'node:path';
import {
  AGENT_PROGRAMME_MAX_LEVELS,
  findAgentProgrammeProblems,
  parseHelpOrganisations,
  parseSupportEmailChannel,
  parseTelegramChannel,
  parseWhatsAppChannel,
  type THelpOrganisation,
  type TSupportChannel,
} from '@mayur/contracts';

// Every setting comes from the environment, is parsed once at start, and is passed down explicitly.

export type CodeDeliveryProvider = 'outbox' | 'smtp' | 'sms-http';

export type PaymentGatewayName = 'sandbox' | 'gateway-hmac';

export type PaymentsConfig = {
  /** Who takes bank/UPI recharges and pays bank/UPI withdrawals. */
  gateway: PaymentGatewayName;
  /** Where the gateway sends players back and posts callbacks: this site's public address. */
  publicBaseUrl: string;
  gatewayHmac: { url: string; merchantId: string; secret: string };
  /** Secret of the local sandbox gateway's signatures. */
  sandboxSecret: string;
  callbackToleranceMs: number;
  minRechargePaise: bigint;
  maxRechargePaise: bigint;
  quickRechargePaise: bigint[];
  minWithdrawBankPaise: bigint;
  minWithdrawUsdtPaise: bigint;
  maxWithdrawPaise: bigint;
  usdt: {
    /** Account-level extended public key (m/44'/195'/0'); USDT is offered only when one is set. */
    xpub: string | undefined;
    /** Rupee paise credited per 1 USDT. */
    ratePaise: bigint;
    minCents: bigint;
    maxCents: bigint;
    contractAddress: string;
    /** TronGrid-compatible node the watcher polls; without one, operators confirm USDT orders by hand. */
    nodeUrl: string | undefined;
    nodeApiKey: string | undefined;
    confirmations: number;
    pollIntervalMs: number;
    orderTtlMs: number;
  };
};

/** One studio or aggregator whose games players launch and which calls our seamless wallet (decision 0026). */
export type ProviderSettings = {
  /** Names the provider in its callback path (`/api/provider/<id>/…`) and in the ledger. */
  id: string;
  /** Which adapter speaks to it (`mayur-seamless`: our published wallet API). */
  adapter: 'mayur-seamless';
  /** Where a launched game opens; the launch token and game code are added to its query. */
  launchUrl: string;
  /** Where its daily report for reconciliation is fetched (GET, signed); none: reconciliation is refused. */
  reportUrl: string | undefined;
  /** Sent by the studio as `x-api-key` on every wallet call. */
  apiKey: string;
  /** Key of the HMAC-SHA256 signatures both ways (at least 32 characters). */
  signingSecret: string;
  currency: 'INR';
  isEnabled: boolean;
  /** Whether the studio forbids framing: the game then opens in a page of its own. */
  isFramingForbidden: boolean;
  /** The most the studio may credit one player in one round (its credits together); a credit beyond is refused. */
  maxRoundCreditPaise: bigint;
  /** The most the studio may credit one player in one Kolkata day; a credit beyond is refused. */
  maxPlayerDayCreditPaise: bigint;
};

/** Credit ceilings of a provider that sets none: ₹10,00,000 a round (Aviator's published maximum win) and ₹25,00,000 a player a day. */
export const DEFAULT_MAX_ROUND_CREDIT_PAISE = 100_000_000n;
export const DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE = 250_000_000n;

export type ProvidersConfig = {
  list: ProviderSettings[];
  /** How long a launch token can be exchanged at the studio's authenticate. */
  launchTokenTtlMs: number;
  /** How long a game session accepts debits after its launch. */
  sessionTtlMs: number;
  /** Signed calls outside this window either side are refused. */
  signatureToleranceMs: number;
};

/** The studio of our own (apps/provider-demo) on the embedded default: never in production. */
export const DEMO_PROVIDER_SIGNING_SECRET = 'mayur-demo-studio-signing-secret-for-development-only';
export const DEMO_PROVIDER_API_KEY = 'mayur-demo-studio-api-key';

/** What a team must reach for one agent level above L0. */
export type AgentLevelThreshold = { minTeamSize: number; minTeamDepositsPaise: bigint; minTeamBetsPaise: bigint };

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The role that owns the tables (MIGRATION_DATABASE_URL): used only to apply migrations and grant the
   * DATABASE_URL role what the server needs, so the server itself never runs as the owner.
   */
  migrationDatabaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  downloadDir: string;
  /** Secret for hashing one-time codes; random per process when unset (codes then do not survive a restart). */
  codeSecret: string;
  registration: { isOpen: boolean; isInvitationCodeRequired: boolean };
  sessionTtlMs: number;
  argon2: { memoryCostKib: number; timeCost: number };
  codeDelivery: {
    emailProvider: CodeDeliveryProvider;
    smsProvider: CodeDeliveryProvider;
    smtp: { host: string; port: number; secure: boolean; user?: string; password?: string; from: string };
    smsHttp: { url: string; authHeader?: string };
  };
  isDemoSeeded: boolean;
  bodyLimitBytes: number;
  /** Whose X-Forwarded-For entries to believe: no proxy, the nearest N hops, or these proxy addresses. */
  trustProxy: false | number | string[];
  /** Names this deployment's keys in a shared Redis (socket channels, rate-limit counters). */
  deploymentName: string;
  /** `/metrics` needs this bearer token when set; without one it is served only outside production. */
  metricsToken: string | undefined;
  /** Whether `/api/docs` is served (by default only outside production). */
  isApiDocsServed: boolean;
  /** The operator back office (/admin, /admin-api): on by default outside production, off in production unless set. */
  admin: {
    isEnabled: boolean;
    /** Addresses or CIDR ranges allowed to reach it; empty allows every address (in production only with ADMIN_ALLOW_ANY_ADDRESS). */
    allowedIps: string[];
    /** Proxies whose X-Forwarded-For the gate believes (ADMIN_TRUSTED_PROXIES, else TRUST_PROXY's addresses). */
    trustedProxies: string[];
    distDir: string;
    /** Key material for sealing operators' TOTP secrets at rest (ADMIN_TOTP_KEY, else CODE_SECRET). */
    totpKeySecret: string;
    /**
     * A withdrawal or adjustment above this needs two different operators' approval (maker-checker), and
     * so does any further one once an operator's, or a player's, single approvals of the India-time day
     * add up to it.
     */
    secondApprovalAbovePaise: bigint;
    /** A bonus gift code whose total value (amount × uses) is above this needs a second approver; cash codes always do. */
    giftBonusSingleApprovalPaise: bigint;
    /** After an operator is created or reset, how long they and whoever made them (or a sibling) cannot approve each other. */
    approverCoolingMs: number;
    /** An agent programme beyond these needs a second owner's approval. */
    agentProgrammeSingleOwner: { maxRateSumBp: number; maxInviteBonusPaise: bigint };
  };
  payments: PaymentsConfig;
  /** Third-party game providers (seamless wallet, decision 0026). */
  providers: ProvidersConfig;
  /**
   * Bets needed before promotional bonus can be exchanged to cash, as hundredths of the bonus credited
   * (100 = bets of 1× the bonus); 0 turns the requirement off (decision 0009).
   */
  bonusWageringMultiplierX100: bigint;
  agent: {
    /** Paid once to the inviter when a direct subordinate's completed recharges first reach the threshold; 0 turns it off (decision 0012). */
    inviteBonusPaise: bigint;
    inviteBonusThresholdPaise: bigint;
    /**
     * Daily commission rates in basis points (1 bp = 0.01 %): one row per agent level (L0 first), six
     * depths per row; a level past the last row uses the last row (decision 0013).
     */
    commissionRatesBp: number[][];
    /**
     * What a team must reach for each level above L0 (L1 first): members now (depths 1–6), and
     * completed recharges and valid bets over AGENT_LEVEL_WINDOW_DAYS days; one entry per commission
     * rate row after L0 (decision 0014).
     */
    levelThresholds: AgentLevelThreshold[];
    /** How often the clock leader recomputes today's team statistics. */
    statsRefreshSeconds: number;
  };
  /**
   * Group commit (decision 0015) of crash bets, cash-outs and cancels, lottery bets and the ledger's
   * single transfers.
   */
  groupCommit: {
    /** How long a node gathers requests before it applies them in one transaction. */
    windowMs: number;
    /** At most this many requests per transaction; a full batch goes at once. */
    limit: number;
  };
  crash: {
    /** Bets waiting in one room's queue on one node beyond which new bets are refused with BUSY. */
    betQueueLimit: number;
  };
  /** The operator's contact channels shown on /support; each is absent when its setting is unset. */
  support: { telegram: TSupportChannel | undefined; whatsapp: TSupportChannel | undefined; email: TSupportChannel | undefined };
  /** Responsible-gaming help organisations (RG_HELP_ORGANISATIONS, JSON); empty: the app shows its own list. */
  helpOrganisations: THelpOrganisation[];
  lottery: {
    /** Rounds per hash chain; a new chain is generated and committed when one is used up. */
    chainLength: number;
    maxBetPaise: bigint;
    /** Whether this process competes to run the game clock (tests drive the clock themselves). */
    isClockEnabled: boolean;
    clockIntervalMs: number;
    /** How often a node that does not lead tries for the game clock's lease. */
    clockRetryMs: number;
    /**
     * The game clock lease's length on the database's clock (decision 0030): a leader that hangs loses
     * the clock this long after its last renewal, plus one try of another node.
     */
    clockLeaseMs: number;
  };
};

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}

export const DEFAULT_COMMISSION_RATES_BP = '60,18,6,2,1,1;70,21,7,3,1,1;80,24,8,3,2,1';

/** `d1,…,d6;d1,…,d6;…`: per level (L0 first), six integer basis points from 0 to 10000 each. */
function commissionRates(name: string, value: string | undefined): number[][] {
  const text = value === undefined || value === '' ? DEFAULT_COMMISSION_RATES_BP : value;
  if (text.split(';').length > AGENT_PROGRAMME_MAX_LEVELS)
    throw new Error(`${name} may have at most ${AGENT_PROGRAMME_MAX_LEVELS} levels (rows), got "${text}"`);
  return text.split(';').map((row) => {
    const rates = row.split(',').map((cell) => Number(cell.trim()));
    if (rates.length !== 6 || rates.some((rate) => !Number.isSafeInteger(rate) || rate < 0 || rate > 10_000))
      throw new Error(`${name} must be rows of six basis points (0–10000) separated by ";", got "${text}"`);
    return rates;
  });
}

export const DEFAULT_LEVEL_THRESHOLDS = '10,10000,100000;50,100000,1000000';

/**
 * `teamSize,depositRupees,betRupees;…` for L1, L2, …: one entry per commission rate row after L0.
 * Unset, the defaults' first entries serve as many levels as the rates have. Every entry must be at
 * least the one before in every figure, so that reaching a level means reaching the ones below it.
 */
export function levelThresholds(name: string, value: string | undefined, rateRows: number): AgentLevelThreshold[] {
  const levelsAboveZero = rateRows - 1;
  const isDefault = value === undefined || value.trim() === '';
  const text = isDefault ? DEFAULT_LEVEL_THRESHOLDS : value;
  const entries = text.split(';').map((entry) => {
    const cells = entry.split(',').map((cell) => cell.trim());
    if (cells.length !== 3 || cells.some((cell) => !/^\d{1,12}$/.test(cell)))
      throw new Error(`${name} must be entries "teamSize,depositRupees,betRupees" separated by ";", got "${text}"`);
    const [teamSize, depositRupees, betRupees] = cells.map(Number) as [number, number, number];
    return {
      minTeamSize: teamSize,
      minTeamDepositsPaise: BigInt(depositRupees) * 100n,
      minTeamBetsPaise: BigInt(betRupees) * 100n,
    };
  });
  if (isDefault && levelsAboveZero <= entries.length) return entries.slice(0, levelsAboveZero);
  if (entries.length !== levelsAboveZero)
    throw new Error(
      `${name} must have one entry per agent level above L0: AGENT_COMMISSION_RATES_BP has ${rateRows} levels (L0–L${levelsAboveZero}), so ${levelsAboveZero} entries, got ${isDefault ? 'the default' : `"${text}"`} with ${entries.length}`,
    );
  // The console's rule (packages/contracts agent-programme-rules.ts), on the thresholds alone.
  const problem = findAgentProgrammeProblems({
    levels: [{ minTeamSize: 0, minTeamDepositsPaise: 0n, minTeamBetsPaise: 0n }, ...entries].map((entry) => ({
      ratesBp: [0, 0, 0, 0, 0, 0],
      minTeamSize: entry.minTeamSize,
      minTeamDepositsRupees: Number(entry.minTeamDepositsPaise / 100n),
      minTeamBetsRupees: Number(entry.minTeamBetsPaise / 100n),
    })),
    inviteBonusRupees: 0,
    inviteBonusThresholdRupees: 1,
  })[0];
  const level = problem?.path[1];
  if (typeof level === 'number')
    throw new Error(`${name}: L${level} must ask at least what L${level - 1} asks in every figure, got "${text}"`);
  return entries;
}

function provider(name: string, value: string | undefined, fallback: CodeDeliveryProvider): CodeDeliveryProvider {
  const chosen = value || fallback;
  if (chosen !== 'outbox' && chosen !== 'smtp' && chosen !== 'sms-http') {
    throw new Error(`${name} must be outbox, smtp or sms-http, got "${chosen}"`);
  }
  return chosen;
}

function rupees(name: string, value: string | undefined, fallbackRupees: number): bigint {
  if (value === undefined || value === '') return BigInt(fallbackRupees) * 100n;
  if (!/^\d{1,12}$/.test(value)) throw new Error(`${name} must be a whole number of rupees, got "${value}"`);
  return BigInt(value) * 100n;
}

function positiveRupees(name: string, value: string | undefined, fallbackRupees: number): bigint {
  const paise = rupees(name, value, fallbackRupees);
  if (paise <= 0n) throw new Error(`${name} must be at least 1 rupee`);
  return paise;
}

/** Rupees with up to two decimals ("92.50") as paise. */
function decimalPaise(name: string, value: string | undefined, fallbackPaise: bigint): bigint {
  if (value === undefined || value === '') return fallbackPaise;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`${name} must be a positive amount with at most two decimals, got "${value}"`);
  const paise = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  if (paise <= 0n) throw new Error(`${name} must be positive`);
  return paise;
}

/** A multiplier with up to two decimals ("1", "2.5", "0") as hundredths. */
function multiplierX100(name: string, value: string | undefined, fallbackX100: bigint): bigint {
  if (value === undefined || value === '') return fallbackX100;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Error(`${name} must be a number from 0 to 999 with at most two decimals, got "${value}"`);
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: unset or `false` trusts no proxy; a number N trusts the nearest N proxies (the client is
 * the last address they did not add); otherwise a comma-separated list of proxy addresses or CIDRs.
 * `true` is refused: it would believe the first X-Forwarded-For entry, which the client writes itself.
 */
function trustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === '' || value.toLowerCase() === 'false') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
  if (['true', 'yes', 'on'].includes(value.toLowerCase()))
    throw new Error(
      'TRUST_PROXY=true would trust the client-written first X-Forwarded-For entry: set the number of proxies in front of the server (e.g. 1) or their addresses',
    );
  return proxyAddresses('TRUST_PROXY', 'a number of proxies or a list of proxy addresses/CIDRs', value);
}

/** A comma-separated list of proxy addresses, CIDRs or proxy-addr's names (loopback, linklocal, uniquelocal). */
function proxyAddresses(name: string, expected: string, value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const isKnown = PROXY_NAMES.includes(entry) || (isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!isKnown) throw new Error(`${name} must be ${expected}, got "${entry}"`);
  }
  return entries;
}

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Who reaches the back office. Production refuses to open it to every address unless told so, and the
 * gate needs the proxies' own addresses to read X-Forwarded-For: with TRUST_PROXY as a number of hops,
 * any client reaching a node directly could write an allowed address into the header.
 */
function adminAccess(env: NodeJS.ProcessEnv, isProduction: boolean, trusted: false | number | string[]) {
  const isEnabled = flag(env.ADMIN_ENABLED, !isProduction);
  const allowedIps = list(env.ADMIN_ALLOWED_IPS);
  const isAnyAddressAllowed = flag(env.ADMIN_ALLOW_ANY_ADDRESS, false);
  if (isProduction && isEnabled && allowedIps.length === 0 && !isAnyAddressAllowed)
    throw new Error(
      'ADMIN_ENABLED=true in production needs ADMIN_ALLOWED_IPS (your office or VPN addresses): without it the back office is open to every address; set ADMIN_ALLOW_ANY_ADDRESS=true only if that is meant',
    );
  if (isAnyAddressAllowed && allowedIps.length > 0)
    throw new Error('ADMIN_ALLOW_ANY_ADDRESS=true and ADMIN_ALLOWED_IPS contradict each other: set one of them');
  const ownProxies = env.ADMIN_TRUSTED_PROXIES?.trim()
    ? proxyAddresses('ADMIN_TRUSTED_PROXIES', 'a list of proxy addresses/CIDRs', env.ADMIN_TRUSTED_PROXIES)
    : undefined;
  if (isEnabled && allowedIps.length > 0 && typeof trusted === 'number' && ownProxies === undefined)
    throw new Error(
      `ADMIN_ALLOWED_IPS with TRUST_PROXY=${trusted} (a number of proxies) would let any client that reaches a node directly name an allowed address in X-Forwarded-For: set ADMIN_TRUSTED_PROXIES to your proxies' addresses, or TRUST_PROXY to those addresses instead of a number`,
    );
  return { isEnabled, allowedIps, trustedProxies: ownProxies ?? (Array.isArray(trusted) ? trusted : []) };
}

/** An optional contact channel: unset or blank is absent, anything the parser cannot read stops the start. */
function supportChannel(
  name: string,
  value: string | undefined,
  parse: (setting: string) => TSupportChannel | null,
  expected: string,
): TSupportChannel | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const channel = parse(value);
  if (!channel) throw new Error(`${name} must be ${expected}, got "${value}"`);
  return channel;
}

function helpOrganisations(value: string | undefined): THelpOrganisation[] {
  const parsed = parseHelpOrganisations(value);
  if (typeof parsed === 'string')
    throw new Error(`RG_HELP_ORGANISATIONS must be a JSON list of {name, phone?, url?, email?, description?}: ${parsed}`);
  return parsed;
}

function deploymentName(value: string | undefined): string {
  const name = value || 'mayur';
  if (!/^[a-z0-9][a-z0-9_-]{0,39}$/i.test(name))
    throw new Error(`DEPLOYMENT_NAME must be 1 to 40 letters, digits, - or _, got "${name}"`);
  return name;
}

/**
 * A demonstration xpub (m/44'/195'/0' of the public BIP39 test mnemonic "abandon … about"), used
 * outside production when USDT_XPUB is unset so that the USDT flow can be tried. Its private keys are
 * public knowledge: never send real funds to these addresses.
 */
export const DEMO_USDT_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

/** TRON mainnet's USDT (TRC20) contract. */
export const USDT_MAINNET_CONTRACT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function loadPaymentsConfig(env: NodeJS.ProcessEnv, isProduction: boolean, port: number, codeSecret: string): PaymentsConfig {
  const gateway = (env.PAYMENT_GATEWAY || 'sandbox') as PaymentGatewayName;
  if (gateway !== 'sandbox' && gateway !== 'gateway-hmac')
    throw new Error(`PAYMENT_GATEWAY must be sandbox or gateway-hmac, got "${gateway}"`);
  // The sandbox credits money nobody paid: it exists to try the product, never to run it.
  if (gateway === 'sandbox' && isProduction) throw new Error('PAYMENT_GATEWAY=sandbox is not allowed in production');
  const gatewayHmac = {
    url: (env.GATEWAY_URL || '').replace(/\/+$/, ''),
    merchantId: env.GATEWAY_MERCHANT_ID || '',
    secret: env.GATEWAY_SECRET || '',
  };
  if (gateway === 'gateway-hmac' && (!gatewayHmac.url || !gatewayHmac.merchantId || gatewayHmac.secret.length < 32))
    throw new Error(
      'PAYMENT_GATEWAY=gateway-hmac needs GATEWAY_URL, GATEWAY_MERCHANT_ID and GATEWAY_SECRET (at least 32 characters)',
    );
  const xpub = env.USDT_XPUB || (isProduction ? undefined : DEMO_USDT_XPUB);
  // Whether it is a valid account-level xpub is checked by the payments module at start (buildServer).
  return {
    gateway,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    gatewayHmac,
    sandboxSecret: `sandbox-gateway:${codeSecret}`,
    callbackToleranceMs: 5 * 60_000,
    minRechargePaise: rupees('RECHARGE_MIN_RUPEES', env.RECHARGE_MIN_RUPEES, 100),
    maxRechargePaise: rupees('RECHARGE_MAX_RUPEES', env.RECHARGE_MAX_RUPEES, 50_000),
    quickRechargePaise: [100, 300, 500, 1_000, 2_000, 5_000].map((value) => BigInt(value) * 100n),
    minWithdrawBankPaise: rupees('WITHDRAW_MIN_BANK_RUPEES', env.WITHDRAW_MIN_BANK_RUPEES, 230),
    minWithdrawUsdtPaise: rupees('WITHDRAW_MIN_USDT_RUPEES', env.WITHDRAW_MIN_USDT_RUPEES, 1_003),
    maxWithdrawPaise: rupees('WITHDRAW_MAX_RUPEES', env.WITHDRAW_MAX_RUPEES, 200_000),
    usdt: {
      xpub,
      ratePaise: decimalPaise('USDT_RATE_RUPEES', env.USDT_RATE_RUPEES, 9_200n),
      minCents: decimalPaise('USDT_MIN', env.USDT_MIN, 1_000n),
      maxCents: decimalPaise('USDT_MAX', env.USDT_MAX, 1_000_000n),
      contractAddress: env.USDT_CONTRACT || USDT_MAINNET_CONTRACT,
      nodeUrl: (env.TRON_NODE_URL || '').replace(/\/+$/, '') || undefined,
      nodeApiKey: env.TRON_API_KEY || undefined,
      confirmations: Math.max(1, integer('USDT_CONFIRMATIONS', env.USDT_CONFIRMATIONS, 19)),
      pollIntervalMs: Math.max(1_000, integer('USDT_POLL_INTERVAL_MS', env.USDT_POLL_INTERVAL_MS, 15_000)),
      orderTtlMs: Math.max(60_000, integer('USDT_ORDER_TTL_MINUTES', env.USDT_ORDER_TTL_MINUTES, 60) * 60_000),
    },
  };
}

const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

function httpUrl(name: string, value: unknown): string {
  if (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/.test(value))
    throw new Error(`${name} must be an http(s) URL, got "${String(value)}"`);
  return value;
}

/** A provider's credit ceiling, rupees as text ("1000000.00"), as paise. */
function creditCeilingPaise(name: string, value: unknown, fallbackPaise: bigint): bigint {
  if (value !== undefined && typeof value !== 'string') throw new Error(`${name} must be an amount as text, e.g. "1000000.00"`);
  return decimalPaise(name, value, fallbackPaise);
}

/**
 * PROVIDERS: a JSON list of `{id, launchUrl, reportUrl?, apiKey, signingSecret, currency?, enabled?,
 * framing?, maxRoundCredit?, maxPlayerDayCredit?}`. Outside production the demo studio
 * (apps/provider-demo) is added as `demo` unless PROVIDER_DEMO=false; production never has it.
 */
function loadProvidersConfig(env: NodeJS.ProcessEnv, isProduction: boolean): ProvidersConfig {
  let parsed: unknown = [];
  if (env.PROVIDERS && env.PROVIDERS.trim() !== '') {
    try {
      parsed = JSON.parse(env.PROVIDERS);
    } catch {
      throw new Error('PROVIDERS must be a JSON list of providers');
    }
  }
  if (!Array.isArray(parsed)) throw new Error('PROVIDERS must be a JSON list of providers');
  const list: ProviderSettings[] = parsed.map((entry: Record<string, unknown>, index) => {
    const name = `PROVIDERS[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${name} must be an object`);
    if (typeof entry.id !== 'string' || !PROVIDER_ID.test(entry.id)) throw new Error(`${name}.id must be 1 to 32 of a-z, 0-9, -`);
    if (typeof entry.apiKey !== 'string' || entry.apiKey.length < 16)
      throw new Error(`${name}.apiKey must be at least 16 characters`);
    if (typeof entry.signingSecret !== 'string' || entry.signingSecret.length < 32)
      throw new Error(`${name}.signingSecret must be at least 32 characters`);
    if (entry.currency !== undefined && entry.currency !== 'INR') throw new Error(`${name}.currency must be INR`);
    return {
      id: entry.id,
      adapter: 'mayur-seamless',
      launchUrl: httpUrl(`${name}.launchUrl`, entry.launchUrl),
      reportUrl: entry.reportUrl === undefined ? undefined : httpUrl(`${name}.reportUrl`, entry.reportUrl),
      apiKey: entry.apiKey,
      signingSecret: entry.signingSecret,
      currency: 'INR',
      isEnabled: entry.enabled !== false,
      isFramingForbidden: entry.framing === false,
      maxRoundCreditPaise: creditCeilingPaise(`${name}.maxRoundCredit`, entry.maxRoundCredit, DEFAULT_MAX_ROUND_CREDIT_PAISE),
      maxPlayerDayCreditPaise: creditCeilingPaise(
        `${name}.maxPlayerDayCredit`,
        entry.maxPlayerDayCredit,
        DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE,
      ),
    };
  });
  if (!isProduction && flag(env.PROVIDER_DEMO, true) && !list.some((provider) => provider.id === 'demo')) {
    const base = (env.PROVIDER_DEMO_URL || 'http://localhost:8090').replace(/\/+$/, '');
    list.push({
      id: 'demo',
      adapter: 'mayur-seamless',
      launchUrl: httpUrl('PROVIDER_DEMO_URL', `${base}/play`),
      reportUrl: `${base}/report`,
      apiKey: DEMO_PROVIDER_API_KEY,
      signingSecret: DEMO_PROVIDER_SIGNING_SECRET,
      currency: 'INR',
      isEnabled: true,
      isFramingForbidden: false,
      maxRoundCreditPaise: DEFAULT_MAX_ROUND_CREDIT_PAISE,
      maxPlayerDayCreditPaise: DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE,
    });
  }
  if (new Set(list.map((provider) => provider.id)).size !== list.length) throw new Error('PROVIDERS: two providers share an id');
  return {
    list,
    launchTokenTtlMs: 2 * 60_000,
    sessionTtlMs: integer('PROVIDER_SESSION_HOURS', env.PROVIDER_SESSION_HOURS, 12) * 3_600_000,
    signatureToleranceMs: 5 * 60_000,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const isProduction = nodeEnv === 'production';
  const codeSecret = env.CODE_SECRET ?? '';
  if (isProduction && codeSecret.length < 32) throw new Error('CODE_SECRET (at least 32 characters) is required in production');
  const port = integer('PORT', env.PORT, 8080);
  const effectiveCodeSecret = codeSecret || crypto.randomUUID() + crypto.randomUUID();
  const metricsToken = env.METRICS_TOKEN || undefined;
  const commissionRatesBp = commissionRates('AGENT_COMMISSION_RATES_BP', env.AGENT_COMMISSION_RATES_BP);
  if (metricsToken !== undefined && metricsToken.length < 24) throw new Error('METRICS_TOKEN must be at least 24 characters');
  // The demo account's password and the demo USDT key's private keys are public: never in production.
  if (isProduction && flag(env.SEED_DEMO, false))
    throw new Error('SEED_DEMO is not allowed in production (the demo password is public)');
  if (isProduction && env.USDT_XPUB === DEMO_USDT_XPUB)
    throw new Error('USDT_XPUB is the public demo key, whose private keys anyone has: not allowed in production');
  const trusted = trustProxy(env.TRUST_PROXY);
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL)
    throw new Error(
      'MIGRATION_DATABASE_URL needs DATABASE_URL (the role the server runs as): the embedded database has one role',
    );
  return {
    env: nodeEnv,
    isProduction,
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    downloadDir: path.resolve(env.DOWNLOAD_DIR || path.join(repoRoot, 'downloads')),
    codeSecret: effectiveCodeSecret,
    registration: {
      isOpen: flag(env.REGISTRATION_OPEN, true),
      isInvitationCodeRequired: flag(env.INVITATION_CODE_REQUIRED, false),
    },
    sessionTtlMs: integer('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 24 * 30) * 3_600_000,
    argon2: {
      memoryCostKib: Math.max(19_456, integer('ARGON2_MEMORY_KIB', env.ARGON2_MEMORY_KIB, 19_456)),
      timeCost: Math.max(2, integer('ARGON2_TIME_COST', env.ARGON2_TIME_COST, 2)),
    },
    codeDelivery: {
      emailProvider: provider('EMAIL_PROVIDER', env.EMAIL_PROVIDER, 'outbox'),
      smsProvider: provider('SMS_PROVIDER', env.SMS_PROVIDER, 'outbox'),
      smtp: {
        host: env.SMTP_HOST || '127.0.0.1',
        port: integer('SMTP_PORT', env.SMTP_PORT, 587),
        secure: flag(env.SMTP_SECURE, false),
        user: env.SMTP_USER || undefined,
        password: env.SMTP_PASSWORD || undefined,
        from: env.SMTP_FROM || 'Mayur <no-reply@mayur.local>',
      },
      smsHttp: { url: env.SMS_HTTP_URL || '', authHeader: env.SMS_HTTP_AUTH || undefined },
    },
    isDemoSeeded: flag(env.SEED_DEMO, !isProduction),
    bodyLimitBytes: 16 * 1024,
    trustProxy: trusted,
    deploymentName: deploymentName(env.DEPLOYMENT_NAME),
    metricsToken,
    isApiDocsServed: flag(env.API_DOCS, !isProduction),
    admin: {
      ...adminAccess(env, isProduction, trusted),
      distDir: path.resolve(env.ADMIN_DIST_DIR || path.join(repoRoot, 'apps/admin/dist')),
      // Production always has CODE_SECRET (checked above); the fallback keeps development secrets readable across restarts.
      totpKeySecret: env.ADMIN_TOTP_KEY || codeSecret || 'mayur-development-operator-totp-key',
      secondApprovalAbovePaise: rupees('ADMIN_SECOND_APPROVAL_ABOVE_RUPEES', env.ADMIN_SECOND_APPROVAL_ABOVE_RUPEES, 10_000),
      giftBonusSingleApprovalPaise: rupees(
        'ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES',
        env.ADMIN_GIFT_BONUS_SINGLE_APPROVAL_RUPEES,
        1_000,
      ),
      approverCoolingMs: integer('ADMIN_APPROVER_COOLING_HOURS', env.ADMIN_APPROVER_COOLING_HOURS, 168) * 3_600_000,
      agentProgrammeSingleOwner: {
        maxRateSumBp: integer(
          'AGENT_PROGRAMME_SINGLE_OWNER_MAX_RATE_SUM_BP',
          env.AGENT_PROGRAMME_SINGLE_OWNER_MAX_RATE_SUM_BP,
          300,
        ),
        maxInviteBonusPaise: rupees(
          'AGENT_PROGRAMME_SINGLE_OWNER_MAX_INVITE_BONUS_RUPEES',
          env.AGENT_PROGRAMME_SINGLE_OWNER_MAX_INVITE_BONUS_RUPEES,
          500,
        ),
      },
    },
    payments: loadPaymentsConfig(env, isProduction, port, effectiveCodeSecret),
    providers: loadProvidersConfig(env, isProduction),
    bonusWageringMultiplierX100: multiplierX100('BONUS_WAGERING_MULTIPLIER', env.BONUS_WAGERING_MULTIPLIER, 100n),
    agent: {
      inviteBonusPaise: rupees('INVITE_BONUS_RUPEES', env.INVITE_BONUS_RUPEES, 158),
      inviteBonusThresholdPaise: positiveRupees('INVITE_BONUS_THRESHOLD_RUPEES', env.INVITE_BONUS_THRESHOLD_RUPEES, 300),
      commissionRatesBp,
      levelThresholds: levelThresholds('AGENT_LEVEL_THRESHOLDS', env.AGENT_LEVEL_THRESHOLDS, commissionRatesBp.length),
      statsRefreshSeconds: Math.max(1, integer('AGENT_STATS_REFRESH_SECONDS', env.AGENT_STATS_REFRESH_SECONDS, 300)),
    },
    groupCommit: {
      windowMs: Math.min(100, integer('GROUP_COMMIT_WINDOW_MS', env.GROUP_COMMIT_WINDOW_MS, 0)),
      limit: Math.max(1, integer('GROUP_COMMIT_LIMIT', env.GROUP_COMMIT_LIMIT, 500)),
    },
    crash: {
      betQueueLimit: Math.max(1, integer('CRASH_BET_QUEUE_LIMIT', env.CRASH_BET_QUEUE_LIMIT, 5_000)),
    },
    support: {
      telegram: supportChannel(
        'SUPPORT_TELEGRAM',
        env.SUPPORT_TELEGRAM,
        parseTelegramChannel,
        'a Telegram username (@name) or a t.me link',
      ),
      whatsapp: supportChannel(
        'SUPPORT_WHATSAPP',
        env.SUPPORT_WHATSAPP,
        parseWhatsAppChannel,
        'a WhatsApp number in international form (+91 98765 43210) or a wa.me link',
      ),
      email: supportChannel('SUPPORT_EMAIL', env.SUPPORT_EMAIL, parseSupportEmailChannel, 'an e-mail address'),
    },
    helpOrganisations: helpOrganisations(env.RG_HELP_ORGANISATIONS),
    lottery: {
      chainLength: Math.max(10, integer('LOTTERY_CHAIN_LENGTH', env.LOTTERY_CHAIN_LENGTH, 10_000)),
      maxBetPaise: BigInt(integer('LOTTERY_MAX_BET_RUPEES', env.LOTTERY_MAX_BET_RUPEES, 100_000)) * 100n,
      isClockEnabled: flag(env.GAME_CLOCK, nodeEnv !== 'test'),
      clockIntervalMs: Math.max(50, integer('GAME_CLOCK_INTERVAL_MS', env.GAME_CLOCK_INTERVAL_MS, 250)),
      clockRetryMs: Math.max(50, integer('GAME_CLOCK_RETRY_MS', env.GAME_CLOCK_RETRY_MS, 3_000)),
      clockLeaseMs: Math.max(1_000, integer('GAME_CLOCK_LEASE_MS', env.GAME_CLOCK_LEASE_MS, 3_000)),
    },
  };
}
