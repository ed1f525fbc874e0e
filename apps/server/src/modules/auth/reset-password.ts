import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { withCode } from '../codes/with-code.ts';
import { channelOf, columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/** Sets a new login password with a code sent to the account's mobile or e-mail, and ends every session. */
export async function resetPassword(
  ctx: AppContext,
  hasher: PasswordHasher,
  identity: LoginIdentity,
  code: string,
  password: string,
  meta: RequestMeta,
): Promise<null> {
  const rows = await ctx.db.query<{ id: number }>(`select id from users where ${columnOf(identity)} = $1`, [identity.value]);
  const userId = rows[0]?.id;
  if (userId === undefined) throw new AppError('ACCOUNT_NOT_FOUND', undefined, { field: columnOf(identity) });
  const passwordHash = await hasher.hash(password);
  await withCode(ctx, channelOf(identity), identity.value, code, async (tx) => {
    await tx.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
    await revokeUserSessions(tx, ctx.clock, userId);
  });
  meta.log.info({ userId }, 'login password reset; all sessions revoked');
  return null;
}
