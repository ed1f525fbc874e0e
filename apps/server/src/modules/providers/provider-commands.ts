import { storableJsonText, wellFormedText } from '../../platform/db/storable-json.ts';
import { formatMoney } from '@mayur/rules/money';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { ProvidersConfig } from './providers-env.ts';
import type { Db } from '../../platform/db/db.ts';
import { Refusal, usageRefusal } from '../../platform/refusal.ts';
import { adapterOf } from './adapters/mayur-seamless-adapter.ts';
import { upsertCatalogueGame } from './catalogue.ts';
import { findOurDay, formatReconciliation, reconcile, yesterday } from './reconcile-day.ts';

// The operator's provider commands (`npm run admin -- provider:…`): the catalogue and reconciliation.
// They run in the CLI process, or inside the running server that holds the embedded database
// (provider-admin-route.ts). Catalogue changes are written to admin_audit_log.

export type ProviderCommandContext = { db: Db; clock: Clock; log: Logger; providers: ProvidersConfig; actor: string };
export type ProviderCommandResult = { isOk: boolean; lines: string[] };
type Args = Record<string, string | undefined>;

const USAGE = [
  'provider:list                                     # configured providers and their games',
  'provider:game-set --provider <id> --code <code> [--name "<English name>"] [--names \'{"hi":"…"}\'] [--image <url>]',
  '                  [--category <slug>] [--order <n>] [--enabled true|false]   # add or change a catalogue game',
  'provider:reconcile [--provider <id>] [--day YYYY-MM-DD]   # our transactions vs the studio report (default: yesterday, Kolkata)',
];

export function isProviderCommand(name: string): boolean {
  return name.startsWith('provider:');
}

export function providerCommandUsage(): string[] {
  return USAGE;
}

async function audit(ctx: ProviderCommandContext, action: string, details: unknown, outcome: string): Promise<void> {
  // Made well formed and bounded, so that the row cannot fail for what a shell passed.
  await ctx.db.query('insert into admin_audit_log (actor, action, details, outcome) values ($1, $2, $3, $4)', [
    wellFormedText(ctx.actor.slice(0, 200)),
    action,
    storableJsonText(details),
    wellFormedText(outcome.slice(0, 1000)),
  ]);
}

async function listProviders(ctx: ProviderCommandContext): Promise<string[]> {
  const games = await ctx.db.query<{
    provider_id: string;
    code: string;
    names: Record<string, string>;
    category: string;
    is_enabled: boolean;
    sort_order: number;
  }>(
    'select provider_id, code, names, category, is_enabled, sort_order from provider_games order by provider_id, sort_order, code',
  );
  return ctx.providers.list.flatMap((provider) => [
    `${provider.id}  ${provider.isEnabled ? 'enabled' : 'disabled'}  ${provider.adapter}  launch ${provider.launchUrl}`,
    `  credits at most ${formatMoney(provider.maxRoundCreditPaise)} a round, ${formatMoney(provider.maxPlayerDayCreditPaise)} a player a day`,
    ...games
      .filter((game) => game.provider_id === provider.id)
      .map(
        (game) =>
          `  ${game.code}  "${game.names['en-US'] ?? ''}"  ${game.category}  order ${game.sort_order}  ${game.is_enabled ? 'enabled' : 'disabled'}`,
      ),
  ]);
}

async function setGame(ctx: ProviderCommandContext, args: Args): Promise<string[]> {
  const providerId = args.provider?.trim();
  const code = args.code?.trim();
  if (!providerId || !ctx.providers.list.some((provider) => provider.id === providerId))
    throw usageRefusal(`--provider must be one of: ${ctx.providers.list.map((provider) => provider.id).join(', ')}`);
  if (!code || !/^[A-Za-z0-9_.-]{1,64}$/.test(code)) throw usageRefusal('--code must be 1 to 64 letters, digits, _ . -');
  const [existing] = await ctx.db.query<{
    names: Record<string, string>;
    image_url: string | null;
    category: string;
    is_enabled: boolean;
    sort_order: number;
  }>('select names, image_url, category, is_enabled, sort_order from provider_games where provider_id = $1 and code = $2', [
    providerId,
    code,
  ]);
  let names: Record<string, string> = { ...(existing?.names ?? {}) };
  if (args.names !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(args.names);
    } catch {
      throw usageRefusal('--names must be a JSON object of locale → name');
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      Object.values(parsed).some((value) => typeof value !== 'string' || value.length > 80)
    )
      throw usageRefusal('--names must be a JSON object of locale → name (at most 80 characters each)');
    names = { ...names, ...(parsed as Record<string, string>) };
  }
  if (args.name !== undefined) names['en-US'] = args.name.trim();
  if (!names['en-US']) throw usageRefusal('a new game needs --name (its English name)');
  const category = args.category?.trim() ?? existing?.category ?? 'slots';
  if (!/^[a-z0-9-]{1,32}$/.test(category)) throw usageRefusal('--category must be 1 to 32 of a-z, 0-9, -');
  const imageUrl = args.image !== undefined ? args.image.trim() || null : (existing?.image_url ?? null);
  if (imageUrl !== null && !/^https?:\/\/\S+$/.test(imageUrl)) throw usageRefusal('--image must be an http(s) URL');
  const sortOrder = args.order !== undefined ? Number(args.order) : (existing?.sort_order ?? 100);
  if (!Number.isSafeInteger(sortOrder) || Math.abs(sortOrder) > 1_000_000) throw usageRefusal('--order must be a whole number');
  if (args.enabled !== undefined && !['true', 'false'].includes(args.enabled))
    throw usageRefusal('--enabled must be true or false');
  const isEnabled = args.enabled !== undefined ? args.enabled === 'true' : (existing?.is_enabled ?? true);
  const game = { providerId, code, names, imageUrl, category, isEnabled, sortOrder };
  await upsertCatalogueGame(ctx.db, game);
  await audit(ctx, 'provider:game-set', { before: existing ?? null, after: game }, 'ok');
  return [
    `${existing ? 'updated' : 'added'} ${providerId}/${code} "${names['en-US']}" (${category}, order ${sortOrder}, ${isEnabled ? 'enabled' : 'disabled'})`,
  ];
}

async function reconcileCommand(ctx: ProviderCommandContext, args: Args): Promise<ProviderCommandResult> {
  const day = args.day?.trim() ?? yesterday(ctx.clock.now().getTime());
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw usageRefusal('--day must be YYYY-MM-DD');
  const providers = ctx.providers.list.filter((provider) => (args.provider ? provider.id === args.provider : provider.isEnabled));
  if (providers.length === 0) throw usageRefusal(`no provider "${args.provider ?? ''}" is configured`);
  const lines: string[] = [];
  let isClean = true;
  for (const provider of providers) {
    const ours = await findOurDay(ctx.db, provider.id, day);
    let theirs;
    try {
      theirs = await adapterOf(provider).fetchDailyReport(provider, day, ctx.clock.now().getTime());
    } catch (error) {
      isClean = false;
      lines.push(`provider ${provider.id}, day ${day}: the studio's report could not be read: ${(error as Error).message}`);
      continue;
    }
    const result = reconcile(provider.id, day, ours, theirs);
    if (result.mismatches.length > 0) isClean = false;
    lines.push(...formatReconciliation(result));
  }
  await audit(
    ctx,
    'provider:reconcile',
    { day, providers: providers.map((provider) => provider.id) },
    isClean ? 'clean' : 'mismatches',
  );
  return { isOk: isClean, lines };
}

export async function runProviderCommand(ctx: ProviderCommandContext, name: string, args: Args): Promise<ProviderCommandResult> {
  try {
    switch (name) {
      case 'provider:list':
        return { isOk: true, lines: await listProviders(ctx) };
      case 'provider:game-set':
        return { isOk: true, lines: await setGame(ctx, args) };
      case 'provider:reconcile':
        return await reconcileCommand(ctx, args);
      default:
        return { isOk: false, lines: [`unknown command "${name}"`, ...USAGE] };
    }
  } catch (error) {
    if (error instanceof Refusal && error.code === 'USAGE') return { isOk: false, lines: [error.message] };
    throw error;
  }
}
