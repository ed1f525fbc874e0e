import path from 'node:path';
import { z } from 'zod';
import { parseMoney } from '@mayur/rules/money';

// The fields settings are read with. Every module owns a zod schema of the variables it reads
// (`*-env.ts` beside its code); platform/config.ts runs them all at start and refuses to start while any
// setting is wrong, listing each one: its variable, what it must be, and what it got.

/** The environment as the process hands it over: every value is text or absent. */
export type Env = NodeJS.ProcessEnv;

export type NodeEnvironment = 'development' | 'production' | 'test';

/** What several modules' defaults and refusals depend on: which kind of deployment this is. */
export type Deployment = { env: NodeEnvironment; isProduction: boolean };

export function deploymentOf(env: Env): Deployment {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return { env: nodeEnv, isProduction: nodeEnv === 'production' };
}

type Refusal = { addIssue: (issue: { code: 'custom'; message: string; params?: Record<string, unknown> }) => void };

/** Refuses a setting's value: the message follows the variable's name ("must be …, got …"). */
export function refuse(ctx: Refusal, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** Refuses with a sentence that names its settings itself (a rule between several, or a production rule). */
export function refuseSentence(ctx: Refusal, sentence: string): never {
  ctx.addIssue({ code: 'custom', message: sentence, params: { isSentence: true } });
  return z.NEVER;
}

const text = z.string().optional();

function isUnset(value: string | undefined): value is undefined | '' {
  return value === undefined || value === '';
}

/** Optional text: unset or empty is absent. */
export const optionalText = text.transform((value) => (isUnset(value) ? undefined : value));

/** Text with a fallback for unset or empty. */
export function textOr(fallback: string) {
  return text.transform((value) => (isUnset(value) ? fallback : value));
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** A folder, by default one of the repository's (`apps/web/dist`), as an absolute path. */
export function folder(fallbackInRepository: string) {
  return text.transform((value) => path.resolve(isUnset(value) ? path.join(repositoryRoot, fallbackInRepository) : value));
}

/** An address without its trailing slashes; unset or empty is absent. */
export const optionalBaseUrl = text.transform((value) => (value ?? '').replace(/\/+$/, '') || undefined);

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];

/** On for 1, true, yes or on (any case); any other text is off; unset or empty is the fallback. */
export function flag(fallback: boolean) {
  return text.transform((value) => (isUnset(value) ? fallback : TRUE_WORDS.includes(value.toLowerCase())));
}

/**
 * A non-negative integer. A value outside `atLeast`..`atMost` is raised or lowered to the bound (the
 * README gives each bound as "at least …"), so that a setting below a safe floor runs at the floor.
 */
export function wholeNumber(fallback: number, bounds: { atLeast?: number; atMost?: number } = {}) {
  const { atLeast = 0, atMost = Number.MAX_SAFE_INTEGER } = bounds;
  return text.transform((value, ctx) => {
    const parsed = isUnset(value) ? fallback : Number(value);
    if (!Number.isSafeInteger(parsed) || parsed < 0) return refuse(ctx, `must be a non-negative integer, got "${value}"`);
    return Math.min(atMost, Math.max(atLeast, parsed));
  });
}

/** One of a few words; unset or empty is the fallback. */
export function oneOf<const Word extends string>(words: readonly Word[], fallback: Word) {
  const expected = `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;
  return text.transform((value, ctx) => {
    const chosen = isUnset(value) ? fallback : value;
    return (words as readonly string[]).includes(chosen) ? (chosen as Word) : refuse(ctx, `must be ${expected}, got "${chosen}"`);
  });
}

/** The most whole rupees a setting takes (twelve digits, as the settings always allowed). */
const MAX_WHOLE_RUPEES = 999_999_999_999n;

/** Whole rupees as text ("500") to paise; null for anything else. */
export function wholeRupeesToPaise(value: string): bigint | null {
  const paise = parseMoney(value);
  if (paise === null || paise % 100n !== 0n || paise > MAX_WHOLE_RUPEES * 100n) return null;
  return paise;
}

/** A whole number of rupees, as paise; `isPositive` refuses 0. */
export function rupees(fallbackRupees: number, { isPositive = false } = {}) {
  return text.transform((value, ctx) => {
    const paise = isUnset(value) ? BigInt(fallbackRupees) * 100n : wholeRupeesToPaise(value);
    if (paise === null) return refuse(ctx, `must be a whole number of rupees, got "${value}"`);
    if (isPositive && paise <= 0n) return refuse(ctx, 'must be at least 1 rupee');
    return paise;
  });
}

/** The most a two-decimal amount setting takes: 999,999,999.99. */
const MAX_AMOUNT_HUNDREDTHS = 99_999_999_999n;

/** A positive amount with at most two decimals ("92.50"), as hundredths (paise of rupees, cents of USDT). */
export function positiveAmount(fallbackHundredths: bigint) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallbackHundredths;
      if (typeof value !== 'string') return refuse(ctx, 'must be an amount as text, e.g. "1000000.00"');
      const hundredths = parseMoney(value);
      if (hundredths === null || hundredths > MAX_AMOUNT_HUNDREDTHS)
        return refuse(ctx, `must be a positive amount with at most two decimals, got "${value}"`);
      if (hundredths <= 0n) return refuse(ctx, 'must be positive');
      return hundredths;
    });
}

/** A number from 0 to 999 with at most two decimals ("1", "2.5", "0"), as hundredths. */
export function hundredths(fallbackX100: bigint) {
  return text.transform((value, ctx) => {
    if (isUnset(value)) return fallbackX100;
    // The same text as an amount of money: whole units, then at most two decimals.
    const x100 = parseMoney(value);
    if (x100 === null || x100 > 99_999n)
      return refuse(ctx, `must be a number from 0 to 999 with at most two decimals, got "${value}"`);
    return x100;
  });
}

/** A comma-separated list; blanks are dropped. */
export const commaList = text.transform((value) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

export const HTTP_URL = /^https?:\/\/[^\s]+$/;

/** An http(s) address. */
export const httpUrl = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    if (typeof value !== 'string' || !HTTP_URL.test(value)) return refuse(ctx, `must be an http(s) URL, got "${String(value)}"`);
    return value;
  });

/** `PROVIDERS[0].id` from a zod path. */
function settingName(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** A start refused by its settings: every wrong setting, one per line. */
export class SettingsRefused extends Error {
  constructor(problems: string[]) {
    super(problems.length === 1 ? problems[0] : `${problems.length} settings are wrong:\n- ${problems.join('\n- ')}`);
    this.name = 'SettingsRefused';
  }
}

type Schemas = Record<string, z.ZodType>;

/**
 * Reads every schema from the same environment and returns their values, or throws SettingsRefused
 * listing every problem of every schema. A variable read by two schemas (PORT, TRUST_PROXY) is named
 * once.
 */
export function readSettings<S extends Schemas>(env: Env, schemas: S): { [K in keyof S]: z.output<S[K]> } {
  const problems = new Set<string>();
  const values: Record<string, unknown> = {};
  for (const [part, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(env);
    if (result.success) values[part] = result.data;
    else
      for (const issue of result.error.issues) {
        const isSentence = issue.code === 'custom' && issue.params?.isSentence === true;
        problems.add(isSentence ? issue.message : `${settingName(issue.path)} ${issue.message}`);
      }
  }
  if (problems.size > 0) throw new SettingsRefused([...problems]);
  return values as { [K in keyof S]: z.output<S[K]> };
}
