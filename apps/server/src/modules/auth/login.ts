import type { TSession } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { toUserView, USER_COLUMNS, type UserRow } from '../users/user-view.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { findExclusionAtLogin } from '../protection/exclusion.ts';
import { columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { createSession } from './sessions.ts';

// Attempts are counted before the password is checked, so parallel guesses are bounded too. The tight
// limit is per account *and* source: five wrong passwords from one network do not lock the player out
// of their account from their own phone (decision 0010). A success resets its own account-and-source window.
export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE = 5;
export const LOGIN_ATTEMPTS_PER_SOURCE = 50;
// Across all sources an account takes this many wrong passwords per window: locking a player out then
// needs twenty networks at once, and guessing from many networks stays bounded.
export const LOGIN_FAILURES_PER_ACCOUNT = 100;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Checks the password and opens a new session. An unknown account and a wrong password get the same
 * refusal after the same amount of work, so the answer does not reveal who has an account.
 */
export async function login(
  ctx: AppContext,
  hasher: PasswordHasher,
  identity: LoginIdentity,
  password: string,
  meta: RequestMeta,
): Promise<TSession> {
  const account = `${identity.kind}:${identity.value}`;
  const source = sourceKey(meta.ip);
  const accountAndSourceKey = `login:account-source:${account}:${source}`;
  const failuresKey = `login:account-failures:${account}`;
  const [perAccountAndSource, perSource, failures] = await Promise.all([
    ctx.limiter.hit(accountAndSourceKey, LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE, LOGIN_WINDOW_MS),
    ctx.limiter.hit(`login:source:${source}`, LOGIN_ATTEMPTS_PER_SOURCE, LOGIN_WINDOW_MS),
    ctx.limiter.count(failuresKey),
  ]);
  if (!perAccountAndSource.isAllowed || !perSource.isAllowed || failures >= LOGIN_FAILURES_PER_ACCOUNT) {
    throw new AppError('LOGIN_THROTTLED', `login attempts over the limit for ${identity.kind} or source ${source}`);
  }
  const rows = await ctx.db.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where ${columnOf(identity)} = $1`,
    [identity.value],
  );
  const user = rows[0];
  if (!user) {
    await hasher.verifyAgainstDummy(password);
    await ctx.limiter.hit(failuresKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);
    throw new AppError('LOGIN_FAILED', 'unknown account');
  }
  if (!(await hasher.verify(user.password_hash, password))) {
    await ctx.limiter.hit(failuresKey, LOGIN_FAILURES_PER_ACCOUNT, LOGIN_WINDOW_MS);
    throw new AppError('LOGIN_FAILED', `wrong password for user ${user.id}`);
  }
  await ctx.limiter.reset(accountAndSourceKey);
  const token = await createSession(ctx.db, ctx.clock, ctx.config.sessionTtlMs, user.id, meta);
  meta.log.info({ userId: user.id }, 'player logged in');
  const exclusion = await findExclusionAtLogin(ctx.db, ctx.clock.now(), user.id);
  return { token, user: toUserView(user, await findPlayerBalances(ctx.db, user.id)), exclusion };
}
