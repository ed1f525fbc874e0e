import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/db.ts';
import { WalletRefusal } from './wallet-calls.ts';

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
  isExpired: boolean;
};

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
  const [row] = await db.query<{ id: bigint; user_id: number; game_code: string; session_expires_at: Date }>(
    `select id, user_id, game_code, session_expires_at from provider_game_sessions
     where session_token_hash = $1 and provider_id = $2`,
    [tokenHash(sessionToken), providerId],
  );
  if (!row) throw new WalletRefusal('SESSION_INVALID', 'unknown session token');
  if (row.user_id !== playerId) throw new WalletRefusal('PLAYER_MISMATCH', 'the session belongs to another player');
  return { id: row.id, userId: row.user_id, gameCode: row.game_code, isExpired: row.session_expires_at <= now };
}

export type SessionClaim = {
  providerId: string;
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
  now: Date;
};

/**
 * `findGameSession` and the claim of the studio's transaction id (see provider-transactions.ts) in one
 * statement, the hot path of every money call: the row is inserted only for a session of the player
 * the call names. `claimedId` is null when the id was claimed before (a replay).
 */
export async function findSessionAndClaim(
  tx: Queryable,
  claim: SessionClaim,
): Promise<{ session: GameSession; claimedId: bigint | null }> {
  const [row] = await tx.query<{
    id: bigint;
    user_id: number;
    game_code: string;
    session_expires_at: Date;
    claimed_id: bigint | null;
  }>(
    `with s as (
       select id, user_id, game_code, session_expires_at from provider_game_sessions
       where session_token_hash = $1 and provider_id = $2
     ), claimed as (
       insert into provider_transactions (provider_id, transaction_id, kind, user_id, session_id, game_code, round_id,
         amount_paise, reference_transaction_id, transfer_key, state, created_at)
       select $2, $3, $4, s.user_id, s.id, coalesce($5, s.game_code), $6, $7, $8, $9, 'accepted', $10 from s where s.user_id = $11
       on conflict (provider_id, transaction_id) do nothing
       returning id
     )
     select s.id, s.user_id, s.game_code, s.session_expires_at, (select id from claimed) as claimed_id from s`,
    [
      tokenHash(claim.sessionToken),
      claim.providerId,
      claim.transactionId,
      claim.kind,
      claim.gameCode,
      claim.roundId,
      claim.amountPaise,
      claim.referenceTransactionId,
      claim.transferKey,
      claim.now,
      claim.playerId,
    ],
  );
  if (!row) throw new WalletRefusal('SESSION_INVALID', 'unknown session token');
  if (row.user_id !== claim.playerId) throw new WalletRefusal('PLAYER_MISMATCH', 'the session belongs to another player');
  return {
    session: { id: row.id, userId: row.user_id, gameCode: row.game_code, isExpired: row.session_expires_at <= claim.now },
    claimedId: row.claimed_id,
  };
}
