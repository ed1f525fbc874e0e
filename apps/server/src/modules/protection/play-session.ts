import type { TPlaySession } from '@mayur/contracts';
import type { Queryable } from '../../platform/db/db.ts';

// The reality check's clock belongs to the player's log-in session, on the server (decision 0022): a
// player who plays in many short reopenings of the app is still checked every interval of their play.
// It starts at the session's first game screen, not at the first bet: the check tells the time spent in
// the games, watching rounds included, and every game and studio shows that screen while its bets take
// many paths. It starts once per session; a new log-in (a new session) starts another.

type ClockRow = { started_at: Date; last_check_at: Date };

function answer(row: ClockRow, now: Date): TPlaySession {
  return { startedAt: row.started_at.toISOString(), lastCheckAt: row.last_check_at.toISOString(), serverTime: now.toISOString() };
}

/** Starts the session's play clock at `now` unless it runs already, and answers it. */
export async function startPlaySession(db: Queryable, now: Date, tokenHash: string): Promise<TPlaySession> {
  // Two statements, so the read sees a clock another request of the same session started meanwhile.
  await db.query(
    `insert into session_play_clocks (token_hash, started_at, last_check_at) values ($1, $2, $2)
     on conflict (token_hash) do nothing`,
    [tokenHash, now],
  );
  const [row] = await db.query<ClockRow>('select started_at, last_check_at from session_play_clocks where token_hash = $1', [
    tokenHash,
  ]);
  return answer(row!, now);
}

/** The player chose to continue after a check: the next interval counts from `now`, never from earlier. */
export async function continuePlaying(db: Queryable, now: Date, tokenHash: string): Promise<TPlaySession> {
  const [row] = await db.query<ClockRow>(
    `insert into session_play_clocks as clock (token_hash, started_at, last_check_at) values ($1, $2, $2)
     on conflict (token_hash) do update set last_check_at = greatest(clock.last_check_at, excluded.last_check_at)
     returning started_at, last_check_at`,
    [tokenHash, now],
  );
  return answer(row!, now);
}
