import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { oneAtATime } from '../../../platform/rate-limit/one-at-a-time.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';

// The withdrawal password guards every change of where money may go, and every withdrawal. Tries are
// limited per player (shared across nodes through Redis when configured).
const ATTEMPTS_PER_PLAYER = 5;
const ATTEMPTS_WINDOW_MS = 15 * 60_000;
// Every check costs an argon2 verification (about 19 MiB and tens of milliseconds): bounded per player.
const CHECKS_PER_PLAYER = 60;
const CHECKS_WINDOW_MS = 10 * 60_000;
// One player's checks run one after another on this node, so that a burst of the right password (parallel
// withdrawals) is verified try by try instead of being counted all at once against the limit.
const oneCheckAtATime = oneAtATime();

const attemptKeyOf = (userId: number) => `withdraw-password:${userId}`;

/** Wrong withdrawal passwords counted in the player's current window, and whether that is the lock. */
export async function findWithdrawPasswordLock(ctx: AppContext, userId: number) {
  const failures = await ctx.limiter.count(attemptKeyOf(userId));
  return { failures, isLocked: failures >= ATTEMPTS_PER_PLAYER };
}

/** Ends the lock of five wrong tries now (an operator who checked who the player is): the count starts again. */
export async function unlockWithdrawPassword(ctx: AppContext, userId: number): Promise<void> {
  await ctx.limiter.reset(attemptKeyOf(userId));
}

export async function checkWithdrawPassword(ctx: AppContext, hasher: PasswordHasher, userId: number, password: string) {
  const [user] = await ctx.db.query<{ withdraw_password_hash: string | null }>(
    'select withdraw_password_hash from users where id = $1',
    [userId],
  );
  if (!user?.withdraw_password_hash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET', `player ${userId} has none`);
  const check = await ctx.limiter.hit(`withdraw-password-checks:${userId}`, CHECKS_PER_PLAYER, CHECKS_WINDOW_MS);
  if (!check.isAllowed) throw new AppError('RATE_LIMITED', `player ${userId}: ${check.count} password checks`);
  const passwordHash = user.withdraw_password_hash;
  await oneCheckAtATime(String(userId), async () => {
    // The try is counted (one atomic increment, shared by every node) before the password is verified,
    // so tries in flight on several nodes cannot all pass a "fewer than five so far" check together.
    // Once the limit is reached even the right password is refused: otherwise guessing could simply go
    // on. A success gives the player a fresh window.
    const attemptKey = attemptKeyOf(userId);
    const attempt = await ctx.limiter.hit(attemptKey, ATTEMPTS_PER_PLAYER, ATTEMPTS_WINDOW_MS);
    if (!attempt.isAllowed) throw new AppError('WITHDRAW_PASSWORD_THROTTLED', `player ${userId}: try ${attempt.count}`);
    if (!(await hasher.verify(passwordHash, password))) {
      throw new AppError('WITHDRAW_PASSWORD_WRONG', `player ${userId}: try ${attempt.count}`, { field: 'withdrawPassword' });
    }
    await ctx.limiter.reset(attemptKey);
  });
}
