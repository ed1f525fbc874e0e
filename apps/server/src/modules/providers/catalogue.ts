import type { Queryable } from '../../platform/db/db.ts';

// The operator's catalogue of third-party games (`provider_games`), kept by the CLI
// (`provider:game-set`) and, on the embedded default, seeded with the demo studio's games.

export type CatalogueGame = {
  providerId: string;
  code: string;
  /** Per locale; `en-US` is required and is the fallback. */
  names: Record<string, string>;
  imageUrl: string | null;
  category: string;
  isEnabled: boolean;
  sortOrder: number;
};

/** Inserts or replaces one game of the catalogue. */
export async function upsertCatalogueGame(db: Queryable, game: CatalogueGame): Promise<void> {
  await db.query(
    `insert into provider_games (provider_id, code, names, image_url, category, is_enabled, sort_order)
     values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (provider_id, code) do update set names = excluded.names, image_url = excluded.image_url,
       category = excluded.category, is_enabled = excluded.is_enabled, sort_order = excluded.sort_order`,
    [game.providerId, game.code, JSON.stringify(game.names), game.imageUrl, game.category, game.isEnabled, game.sortOrder],
  );
}

/** The demo studio's two games (apps/provider-demo), added once: an operator's later changes stay. */
export async function seedDemoCatalogue(db: Queryable, demoBaseUrl: string): Promise<void> {
  const games: CatalogueGame[] = [
    {
      providerId: 'demo',
      code: 'plinko',
      names: {
        'en-US': 'Plinko',
        ar: 'بلينكو',
        fr: 'Plinko',
        pt: 'Plinko',
        es: 'Plinko',
        vi: 'Plinko',
        si: 'ප්ලින්කෝ',
        hi: 'प्लिंको',
        it: 'Plinko',
        ru: 'Плинко',
        zh: '弹珠台',
      },
      imageUrl: `${demoBaseUrl}/img/plinko.svg`,
      category: 'arcade',
      isEnabled: true,
      sortOrder: 10,
    },
    {
      providerId: 'demo',
      code: 'dice',
      names: {
        'en-US': 'Dice',
        ar: 'النرد',
        fr: 'Dés',
        pt: 'Dados',
        es: 'Dados',
        vi: 'Xúc xắc',
        si: 'දාදු',
        hi: 'पासा',
        it: 'Dadi',
        ru: 'Кости',
        zh: '骰子',
      },
      imageUrl: `${demoBaseUrl}/img/dice.svg`,
      category: 'dice',
      isEnabled: true,
      sortOrder: 20,
    },
  ];
  for (const game of games) {
    await db.query(
      `insert into provider_games (provider_id, code, names, image_url, category, is_enabled, sort_order)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (provider_id, code) do nothing`,
      [game.providerId, game.code, JSON.stringify(game.names), game.imageUrl, game.category, game.isEnabled, game.sortOrder],
    );
  }
}

/** At start: when the demo studio is configured (never in production), its games join the catalogue once. */
export async function seedProviderCatalogue(
  db: Queryable,
  providers: ReadonlyArray<{ id: string; launchUrl: string }>,
): Promise<void> {
  const demo = providers.find((provider) => provider.id === 'demo');
  if (demo) await seedDemoCatalogue(db, new URL(demo.launchUrl).origin);
}
