import { databaseOf } from '../../platform/db/database-of.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import type { HousePurpose } from './transfer-reasons.ts';

export type PlayerAccountIds = { cashAccountId: number; bonusAccountId: number };

/**
 * A player's account ids never change once committed, so each process remembers them per database
 * (decision 0017), the least recently used forgotten first. Balances are never remembered.
 */
export const PLAYER_ACCOUNT_CACHE_LIMIT = 300_000;
const playerAccountIds = new WeakMap<object, Map<number, PlayerAccountIds>>();
// Players whose accounts a still-open transaction created: a rollback would take those ids back, so
// they are remembered only once read by a later transaction, after this one committed.
const openedInTransaction = new WeakMap<Queryable, Set<number>>();

/** Opens the player's cash and bonus accounts if they do not exist yet (registration calls this). */
export async function openPlayerAccounts(db: Queryable, userId: number): Promise<PlayerAccountIds> {
  await db.query(
    `insert into ledger_accounts (kind, user_id) values ('cash', $1), ('bonus', $1)
     on conflict (user_id, kind) where user_id is not null do nothing`,
    [userId],
  );
  // A database (not a transaction) commits the insert at once, so its ids are safe to remember.
  const isTransaction = !('transaction' in db);
  if (isTransaction) {
    const opened = openedInTransaction.get(db) ?? new Set<number>();
    openedInTransaction.set(db, opened.add(userId));
  }
  return findPlayerAccounts(db, userId);
}

export async function findPlayerAccounts(db: Queryable, userId: number): Promise<PlayerAccountIds> {
  const cached = rememberedPlayerAccounts(db, userId);
  if (cached) return cached;
  const rows = await db.query<{ id: number; kind: 'cash' | 'bonus' }>(
    "select id, kind from ledger_accounts where user_id = $1 and kind in ('cash', 'bonus')",
    [userId],
  );
  const cash = rows.find((row) => row.kind === 'cash');
  const bonus = rows.find((row) => row.kind === 'bonus');
  if (!cash || !bonus) return openPlayerAccounts(db, userId);
  const ids = { cashAccountId: cash.id, bonusAccountId: bonus.id };
  rememberPlayerAccounts(db, userId, ids);
  return ids;
}

/**
 * `findPlayerAccounts` for the players of a batch: the remembered ids, and one query for the others
 * (a batch of players seen for the first time would otherwise cost a round trip each).
 */
export async function findManyPlayerAccounts(db: Queryable, userIds: readonly number[]): Promise<Map<number, PlayerAccountIds>> {
  const found = new Map<number, PlayerAccountIds>();
  const missing: number[] = [];
  for (const userId of new Set(userIds)) {
    const cached = rememberedPlayerAccounts(db, userId);
    if (cached) found.set(userId, cached);
    else missing.push(userId);
  }
  if (missing.length === 0) return found;
  const rows = await db.query<{ user_id: number; id: number; kind: 'cash' | 'bonus' }>(
    "select user_id, id, kind from ledger_accounts where user_id = any($1::integer[]) and kind in ('cash', 'bonus')",
    [missing],
  );
  for (const userId of missing) {
    const cash = rows.find((row) => row.user_id === userId && row.kind === 'cash');
    const bonus = rows.find((row) => row.user_id === userId && row.kind === 'bonus');
    if (!cash || !bonus) {
      found.set(userId, await openPlayerAccounts(db, userId));
      continue;
    }
    const ids = { cashAccountId: cash.id, bonusAccountId: bonus.id };
    rememberPlayerAccounts(db, userId, ids);
    found.set(userId, ids);
  }
  return found;
}

function playerAccountCache(db: Queryable): Map<number, PlayerAccountIds> {
  let cache = playerAccountIds.get(databaseOf(db));
  if (!cache) playerAccountIds.set(databaseOf(db), (cache = new Map()));
  return cache;
}

function rememberedPlayerAccounts(db: Queryable, userId: number): PlayerAccountIds | undefined {
  const cache = playerAccountCache(db);
  const cached = cache.get(userId);
  if (cached) {
    // Map order is use order: the first key is always the least recently used.
    cache.delete(userId);
    cache.set(userId, cached);
  }
  return cached;
}

function rememberPlayerAccounts(db: Queryable, userId: number, ids: PlayerAccountIds): void {
  if (openedInTransaction.get(db)?.has(userId)) return;
  const cache = playerAccountCache(db);
  cache.set(userId, ids);
  if (cache.size > PLAYER_ACCOUNT_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
}

export type PlayerBalances = { cashPaise: bigint; bonusPaise: bigint };

export async function findPlayerBalances(db: Queryable, userId: number): Promise<PlayerBalances> {
  const rows = await db.query<{ kind: 'cash' | 'bonus'; balance_paise: bigint }>(
    "select kind, balance_paise from ledger_accounts where user_id = $1 and kind in ('cash', 'bonus')",
    [userId],
  );
  return {
    cashPaise: rows.find((row) => row.kind === 'cash')?.balance_paise ?? 0n,
    bonusPaise: rows.find((row) => row.kind === 'bonus')?.balance_paise ?? 0n,
  };
}

// House account ids never change once created, so each process looks a purpose up once.
const houseAccountIds = new WeakMap<object, Map<string, number>>();

/**
 * The house account for a purpose, created on first use. It takes the database, not a transaction:
 * the account is created in its own statement, so a rolled-back caller cannot leave a cached id behind.
 */
export async function houseAccountId(db: Db, purpose: HousePurpose): Promise<number> {
  let cache = houseAccountIds.get(databaseOf(db));
  if (!cache) houseAccountIds.set(databaseOf(db), (cache = new Map()));
  const cached = cache.get(purpose);
  if (cached !== undefined) return cached;
  await db.query(
    "insert into ledger_accounts (kind, purpose) values ('house', $1) on conflict (purpose) where purpose is not null do nothing",
    [purpose],
  );
  const rows = await db.query<{ id: number }>('select id from ledger_accounts where purpose = $1', [purpose]);
  const id = rows[0]!.id;
  cache.set(purpose, id);
  return id;
}

/**
 * Hot house accounts (a game room, a payment provider's clearing) are split into shards so that
 * concurrent players do not queue on one row lock until each other's commit is flushed. A player's
 * moves always use the same shard; reports sum a purpose's shards (`purpose#0` … `purpose#15`).
 */
export const HOUSE_SHARD_COUNT = 16;

export function houseShardPurpose(purpose: HousePurpose, shardKey: number): HousePurpose {
  return `${purpose}#${Math.abs(shardKey) % HOUSE_SHARD_COUNT}` as HousePurpose;
}

/**
 * The same shard naming in SQL, for set-based posting inside the wallet: the purpose of the shard that
 * `houseShardPurpose(purpose, key)` names, from a text expression and an integer expression.
 */
export function houseShardPurposeSql(purposeSql: string, shardKeySql: string): string {
  return `(${purposeSql} || '#' || (abs(${shardKeySql}) % ${HOUSE_SHARD_COUNT})::text)`;
}

export function shardedHouseAccountId(db: Db, purpose: HousePurpose, shardKey: number): Promise<number> {
  return houseAccountId(db, houseShardPurpose(purpose, shardKey));
}
