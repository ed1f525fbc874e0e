import type { AppContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { PasswordHasher } from '../../auth/passwords.ts';

// The withdrawal password guards every change of where money may go, and every withdrawal. Wrong
// guesses are limited per player (shared across nodes through Redis when configured).
const WRONG_ATTEMPTS_PER_PLAYER = 5;
const WRONG_ATTEMPTS_WINDOW_MS = 15 * 60_000;
// Every check costs an argon2 verification (about 19 MiB and tens of milliseconds): bounded per player.
const CHECKS_PER_PLAYER = 60;
const CHECKS_WINDOW_MS = 10 * 60_000;

export async function checkWithdrawPassword(ctx: AppContext, hasher: PasswordHasher, userId: number, password: string) {
  const [user] = await ctx.db.query<{ withdraw_password_hash: string | null }>(
    'select withdraw_password_hash from users where id = $1',
    [userId],
  );
  if (!user?.withdraw_password_hash) throw new AppError('WITHDRAW_PASSWORD_NOT_SET', `player ${userId} has none`);
  const throttleKey = `withdraw-password:${userId}`;
  // While locked, even the right password is refused: otherwise guessing could simply go on.
  if ((await ctx.limiter.count(throttleKey)) >= WRONG_ATTEMPTS_PER_PLAYER) {
    throw new AppError('WITHDRAW_PASSWORD_THROTTLED', `player ${userId} is locked out`);
  }
  const check = await ctx.limiter.hit(`withdraw-password-checks:${userId}`, CHECKS_PER_PLAYER, CHECKS_WINDOW_MS);
  if (!check.isAllowed) throw new AppError('RATE_LIMITED', `player ${userId}: ${check.count} password checks`);
  if (!(await hasher.verify(user.withdraw_password_hash, password))) {
    const attempt = await ctx.limiter.hit(throttleKey, WRONG_ATTEMPTS_PER_PLAYER, WRONG_ATTEMPTS_WINDOW_MS);
    if (!attempt.isAllowed) throw new AppError('WITHDRAW_PASSWORD_THROTTLED', `player ${userId}: ${attempt.count} wrong`);
    throw new AppError('WITHDRAW_PASSWORD_WRONG', `player ${userId}`, { field: 'withdrawPassword' });
  }
}
