import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';

// Launch tokens and session tokens: 256 random bits, URL-safe, stored only as their SHA-256.

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type GameSession = {
  id: bigint;
  userId: number;
  gameCode: string;
  /** Past its end, or ended early by a freeze or logout: no new bets (its rounds still settle). */
  isExpired: boolean;
  /** The operator froze the player: no new bets at all. */
  isFrozen: boolean;
};

/** Whether a session row takes new bets at `now`: not past its expiry and not ended by a freeze or logout. */
function isSessionOver(row: { session_expires_at: Date | null; ended_at: Date | null }, now: Date): boolean {
  return row.ended_at !== null || row.session_expires_at === null || row.session_expires_at <= now;
}

/**
 * The game session a studio names by its session token, checked to be the player the call names: a
 * session of another player (or of another provider) is refused as if it did not exist.
 */
export async function findGameSession(
  db: Queryable,
  providerId: string,
  sessionToken: string,
  playerId: number,
  now: Date,
): Promise<GameSession> {
  const [row] = await db.query<{
    id: bigint;
    user_id: number;
    game_code: string;
    session_expires_at: Date;
    ended_at: Date | null;
    is_frozen: boolean;
  }>(
    `select s.id, s.user_id, s.game_code, s.session_expires_at, s.ended_at, u.frozen_at is not null as is_frozen
     from provider_game_sessions s join users u on u.id = s.user_id
     where s.session_token_hash = $1 and s.provider_id = $2`,
    [tokenHash(sessionToken), providerId],
  );
  if (!row) throw new Refusal('SESSION_INVALID', 'unknown session token');
  if (row.user_id !== playerId) throw new Refusal('PLAYER_MISMATCH', 'the session belongs to another player');
  return {
    id: row.id,
    userId: row.user_id,
    gameCode: row.game_code,
    isExpired: isSessionOver(row, now),
    isFrozen: row.is_frozen,
  };
}

export type SessionClaim = {
  sessionToken: string;
  playerId: number;
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  /** The debit's game; null takes the session's. */
  gameCode: string | null;
  roundId: string;
  amountPaise: bigint;
  referenceTransactionId: string | null;
  transferKey: string | null;
};

/** A claim's session and whether it took the transaction id (null: claimed before, a replay); or why not. */
export type ClaimResult = { session: GameSession; claimedId: bigint | null } | { refusal: Refusal };

/**
 * `findGameSession` and the claim of the studio's transaction ids (see provider-transactions.ts) in one
 * statement for a whole batch, the hot path of every money call: a row is inserted only for a session
 * of the player the call names. Transaction ids must be distinct within the call; they are inserted in
 * id order, so two nodes claiming crossing ids wait for each other in one order and cannot deadlock.
 */
export async function findSessionsAndClaim(
  tx: Queryable,
  providerId: string,
  claims: readonly SessionClaim[],
  now: Date,
): Promise<ClaimResult[]> {
  if (claims.length === 0) return [];
  const rows = await tx.query<{
    transaction_id: string;
    session_id: bigint | null;
    user_id: number | null;
    game_code: string | null;
    session_expires_at: Date | null;
    ended_at: Date | null;
    is_frozen: boolean | null;
    claimed_id: bigint | null;
  }>(
    `with input as (
       select * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[], $9::text[],
                            $10::integer[])
         as i (token_hash, transaction_id, kind, game_code, round_id, amount_paise, reference_transaction_id, transfer_key,
               player_id)
     ), found as (
       -- One probe of the token's unique index per call (the limit keeps the planner from turning the
       -- lookup into a scan of every session), and one of the player's row for whether they are frozen.
       select i.transaction_id, s.id as session_id, s.user_id, s.game_code, s.session_expires_at, s.ended_at, s.is_frozen
       from input i cross join lateral (
         select gs.id, gs.user_id, gs.game_code, gs.session_expires_at, gs.ended_at, u.frozen_at is not null as is_frozen
         from provider_game_sessions gs join users u on u.id = gs.user_id
         where gs.session_token_hash = i.token_hash and gs.provider_id = $1 limit 1
       ) s
     ), claimed as (
       insert into provider_transactions (provider_id, transaction_id, kind, user_id, session_id, game_code, round_id,
         amount_paise, reference_transaction_id, transfer_key, state, created_at)
       select $1, i.transaction_id, i.kind, f.user_id, f.session_id, coalesce(i.game_code, f.game_code), i.round_id,
              i.amount_paise, i.reference_transaction_id, i.transfer_key, 'accepted', $11
       from input i join found f using (transaction_id) where f.user_id = i.player_id
       order by i.transaction_id
       on conflict (provider_id, transaction_id) do nothing
       returning id, transaction_id
     )
     select i.transaction_id, f.session_id, f.user_id, f.game_code, f.session_expires_at, f.ended_at, f.is_frozen,
            c.id as claimed_id
     from input i left join found f using (transaction_id) left join claimed c using (transaction_id)`,
    [
      providerId,
      claims.map((claim) => tokenHash(claim.sessionToken)),
      claims.map((claim) => claim.transactionId),
      claims.map((claim) => claim.kind),
      claims.map((claim) => claim.gameCode),
      claims.map((claim) => claim.roundId),
      claims.map((claim) => claim.amountPaise.toString()),
      claims.map((claim) => claim.referenceTransactionId),
      claims.map((claim) => claim.transferKey),
      claims.map((claim) => claim.playerId),
      now,
    ],
  );
  const byId = new Map(rows.map((row) => [row.transaction_id, row]));
  assert.equal(byId.size, claims.length, 'transaction ids of one claim are distinct');
  return claims.map((claim): ClaimResult => {
    const row = byId.get(claim.transactionId)!;
    if (row.session_id === null) return { refusal: new Refusal('SESSION_INVALID', 'unknown session token') };
    if (row.user_id !== claim.playerId)
      return { refusal: new Refusal('PLAYER_MISMATCH', 'the session belongs to another player') };
    return {
      session: {
        id: row.session_id,
        userId: row.user_id,
        gameCode: row.game_code!,
        isExpired: isSessionOver(row, now),
        isFrozen: row.is_frozen === true,
      },
      claimedId: row.claimed_id,
    };
  });
}

/** `findSessionsAndClaim` for one call, refusing an unknown session or one of another player. */
export async function findSessionAndClaim(
  tx: Queryable,
  providerId: string,
  claim: SessionClaim,
  now: Date,
): Promise<{ session: GameSession; claimedId: bigint | null }> {
  const [result] = await findSessionsAndClaim(tx, providerId, [claim], now);
  if ('refusal' in result!) throw result.refusal;
  return result!;
}
