import type { TThirdGames } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';

/** The PG GAMES tab: enabled games of enabled providers, in the operator's order, named in `locale`. */
export async function findGames(ctx: AppContext, locale: string | undefined): Promise<TThirdGames> {
  const providerIds = ctx.config.providers.list.filter((provider) => provider.isEnabled).map((provider) => provider.id);
  const rows = await ctx.db.query<{
    provider_id: string;
    code: string;
    names: Record<string, string>;
    image_url: string | null;
    category: string;
  }>(
    `select provider_id, code, names, image_url, category from provider_games
     where is_enabled and provider_id = any($1::text[]) order by sort_order, provider_id, code limit 500`,
    [providerIds],
  );
  const list = rows.map((row) => ({
    provider: row.provider_id,
    code: row.code,
    name: (locale && row.names[locale]) || row.names['en-US'] || row.code,
    imageUrl: row.image_url,
    category: row.category,
  }));
  return { categories: [...new Set(list.map((game) => game.category))], list };
}
