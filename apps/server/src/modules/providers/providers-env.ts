import { z } from 'zod';
import {
  flag,
  HTTP_URL,
  httpUrl,
  positiveAmount,
  refuse,
  refuseSentence,
  textOr,
  wholeNumber,
  type Deployment,
} from '../../platform/env-fields.ts';

// Third-party game studios (decision 0026): whose games players launch, and who calls our seamless wallet.

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

export type ProvidersConfig = {
  list: ProviderSettings[];
  /** How long a launch token can be exchanged at the studio's authenticate. */
  launchTokenTtlMs: number;
  /** How long a game session accepts debits after its launch. */
  sessionTtlMs: number;
  /** Signed calls outside this window either side are refused. */
  signatureToleranceMs: number;
};

/** Credit ceilings of a provider that sets none: ₹10,00,000 a round (Aviator's published maximum win) and ₹25,00,000 a player a day. */
export const DEFAULT_MAX_ROUND_CREDIT_PAISE = 100_000_000n;
export const DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE = 250_000_000n;

/** The studio of our own (apps/provider-demo) on the embedded default: never in production. */
export const DEMO_PROVIDER_SIGNING_SECRET = 'mayur-demo-studio-signing-secret-for-development-only';
export const DEMO_PROVIDER_API_KEY = 'mayur-demo-studio-api-key';

const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** One entry of PROVIDERS; its refusals are named by their place (`PROVIDERS[0].apiKey must be …`). */
const providerEntry = z
  .object(
    {
      id: z
        .unknown()
        .optional()
        .transform((id, ctx) =>
          typeof id === 'string' && PROVIDER_ID.test(id) ? id : refuse(ctx, 'must be 1 to 32 of a-z, 0-9, -'),
        ),
      launchUrl: httpUrl,
      reportUrl: httpUrl.optional(),
      apiKey: z
        .unknown()
        .optional()
        .transform((key, ctx) =>
          typeof key === 'string' && key.length >= 16 ? key : refuse(ctx, 'must be at least 16 characters'),
        ),
      signingSecret: z
        .unknown()
        .optional()
        .transform((secret, ctx) =>
          typeof secret === 'string' && secret.length >= 32 ? secret : refuse(ctx, 'must be at least 32 characters'),
        ),
      currency: z
        .unknown()
        .optional()
        .transform((currency, ctx) =>
          currency === undefined || currency === 'INR' ? ('INR' as const) : refuse(ctx, 'must be INR'),
        ),
      enabled: z.unknown().optional(),
      framing: z.unknown().optional(),
      maxRoundCredit: positiveAmount(DEFAULT_MAX_ROUND_CREDIT_PAISE),
      maxPlayerDayCredit: positiveAmount(DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE),
    },
    { error: 'must be an object' },
  )
  .transform((entry): ProviderSettings => ({
    id: entry.id,
    adapter: 'mayur-seamless',
    launchUrl: entry.launchUrl,
    reportUrl: entry.reportUrl,
    apiKey: entry.apiKey,
    signingSecret: entry.signingSecret,
    currency: entry.currency,
    isEnabled: entry.enabled !== false,
    isFramingForbidden: entry.framing === false,
    maxRoundCreditPaise: entry.maxRoundCredit,
    maxPlayerDayCreditPaise: entry.maxPlayerDayCredit,
  }));

/**
 * PROVIDERS: a JSON list of `{id, launchUrl, reportUrl?, apiKey, signingSecret, currency?, enabled?,
 * framing?, maxRoundCredit?, maxPlayerDayCredit?}`.
 */
const providerList = z
  .string()
  .optional()
  .transform((value, ctx): unknown => {
    if (value === undefined || value.trim() === '') return [];
    try {
      return JSON.parse(value);
    } catch {
      return refuseSentence(ctx, 'PROVIDERS must be a JSON list of providers');
    }
  })
  .pipe(z.array(providerEntry, { error: 'must be a JSON list of providers' }));

/** Outside production the demo studio (apps/provider-demo) is added as `demo` unless PROVIDER_DEMO=false; production never has it. */
function demoProvider(baseUrl: string): ProviderSettings {
  return {
    id: 'demo',
    adapter: 'mayur-seamless',
    launchUrl: `${baseUrl}/play`,
    reportUrl: `${baseUrl}/report`,
    apiKey: DEMO_PROVIDER_API_KEY,
    signingSecret: DEMO_PROVIDER_SIGNING_SECRET,
    currency: 'INR',
    isEnabled: true,
    isFramingForbidden: false,
    maxRoundCreditPaise: DEFAULT_MAX_ROUND_CREDIT_PAISE,
    maxPlayerDayCreditPaise: DEFAULT_MAX_PLAYER_DAY_CREDIT_PAISE,
  };
}

export function providersEnv({ isProduction }: Deployment) {
  return z
    .object({
      PROVIDERS: providerList,
      PROVIDER_DEMO: flag(true),
      PROVIDER_DEMO_URL: textOr('http://localhost:8090').transform((url) => url.replace(/\/+$/, '')),
      PROVIDER_SESSION_HOURS: wholeNumber(12),
    })
    .transform((fields, ctx): ProvidersConfig => {
      const list = [...fields.PROVIDERS];
      if (!isProduction && fields.PROVIDER_DEMO && !list.some((provider) => provider.id === 'demo')) {
        const demo = demoProvider(fields.PROVIDER_DEMO_URL);
        if (!HTTP_URL.test(demo.launchUrl))
          refuseSentence(ctx, `PROVIDER_DEMO_URL must be an http(s) URL, got "${demo.launchUrl}"`);
        list.push(demo);
      }
      if (new Set(list.map((provider) => provider.id)).size !== list.length)
        refuseSentence(ctx, 'PROVIDERS: two providers share an id');
      return {
        list,
        launchTokenTtlMs: 2 * 60_000,
        sessionTtlMs: fields.PROVIDER_SESSION_HOURS * 3_600_000,
        signatureToleranceMs: 5 * 60_000,
      };
    });
}
