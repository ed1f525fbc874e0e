import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { forgetRevokedSessions } from '../../platform/http/authenticate.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { withCode } from '../codes/with-code.ts';
import { channelOf, columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

const RESETS_PER_SOURCE = 20;
const RESETS_WINDOW_MS = 15 * 60_000;

/**
 * Sets a new login password with a code sent to the account's mobile or e-mail, and ends every session.
 * The code is checked first: a caller without it learns nothing about the account (every wrong code gets
 * the same answer, whether or not the address is registered) and costs no argon2 hash.
 */
export async function resetPassword(
  ctx: AppContext,
  hasher: PasswordHasher,
  identity: LoginIdentity,
  code: string,
  password: string,
  meta: RequestMeta,
): Promise<null> {
  const source = sourceKey(meta.ip);
  const perSource = await ctx.limiter.hit(`password-reset:source:${source}`, RESETS_PER_SOURCE, RESETS_WINDOW_MS);
  if (!perSource.isAllowed) throw new AppError('RATE_LIMITED', `password resets from ${source} over the limit`);
  const column = columnOf(identity);
  const tried = { channel: channelOf(identity), destination: identity.value, code, ip: meta.ip };
  const userId = await withCode(ctx, tried, async (tx) => {
    // Whoever holds the code controls the address, so telling them that no account uses it reveals nothing.
    const rows = await tx.query<{ id: number; withdraw_password_hash: string | null }>(
      `select id, withdraw_password_hash from users where ${column} = $1 for update`,
      [identity.value],
    );
    const user = rows[0];
    if (!user) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { field: column });
    if (user.withdraw_password_hash && (await hasher.verify(user.withdraw_password_hash, password))) {
      throw new AppError('WITHDRAW_PASSWORD_SAME_AS_LOGIN', `user ${user.id}`, { field: 'password' });
    }
    await tx.query('update users set password_hash = $2 where id = $1', [user.id, await hasher.hash(password)]);
    await revokeUserSessions(tx, ctx.clock, user.id);
    return user.id;
  });
  await forgetRevokedSessions(ctx, { userId });
  meta.log.info({ userId }, 'login password reset; all sessions revoked');
  return null;
}
