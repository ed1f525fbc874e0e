import type { TSession } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { toUserView, USER_COLUMNS, type UserRow } from '../users/user-view.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { createSession } from './sessions.ts';

// Every attempt counts (successful ones reset the account's window), so parallel guesses are bounded too.
export const LOGIN_ATTEMPTS_PER_ACCOUNT = 5;
export const LOGIN_ATTEMPTS_PER_IP = 50;
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
  const accountKey = `login:account:${identity.kind}:${identity.value}`;
  const [perAccount, perIp] = await Promise.all([
    ctx.limiter.hit(accountKey, LOGIN_ATTEMPTS_PER_ACCOUNT, LOGIN_WINDOW_MS),
    ctx.limiter.hit(`login:ip:${meta.ip}`, LOGIN_ATTEMPTS_PER_IP, LOGIN_WINDOW_MS),
  ]);
  if (!perAccount.isAllowed || !perIp.isAllowed) {
    throw new AppError('LOGIN_THROTTLED', `login attempts over the limit for ${identity.kind} or ip ${meta.ip}`);
  }

  const rows = await ctx.db.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where ${columnOf(identity)} = $1`,
    [identity.value],
  );
  const user = rows[0];
  if (!user) {
    await hasher.verifyAgainstDummy(password);
    throw new AppError('LOGIN_FAILED', 'unknown account');
  }
  if (!(await hasher.verify(user.password_hash, password)))
    throw new AppError('LOGIN_FAILED', `wrong password for user ${user.id}`);

  await ctx.limiter.reset(accountKey);
  const token = await createSession(ctx.db, ctx.clock, ctx.config.sessionTtlMs, user.id, meta);
  meta.log.info({ userId: user.id }, 'player logged in');
  return { token, user: toUserView(user, await findPlayerBalances(ctx.db, user.id)) };
}
