import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { SessionPrincipal } from '../../platform/http/authenticate.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { withCode } from '../codes/with-code.ts';
import { channelOf, columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets the withdrawal password, proven by a code sent to the signed-in player's own mobile or e-mail.
 * Every other session is ended (decision 0002): whoever else was signed in must prove themselves again.
 */
export async function changeWithdrawPassword(
  ctx: AppContext,
  hasher: PasswordHasher,
  session: SessionPrincipal,
  identity: LoginIdentity,
  code: string,
  withdrawPassword: string,
  meta: RequestMeta,
): Promise<null> {
  const column = columnOf(identity);
  const rows = await ctx.db.query<{ owned: string | null }>(`select ${column} as owned from users where id = $1`, [
    session.userId,
  ]);
  if (rows[0]?.owned !== identity.value) {
    throw new AppError('ACCOUNT_MISMATCH', `user ${session.userId} does not own that ${column}`, { field: column });
  }
  const withdrawPasswordHash = await hasher.hash(withdrawPassword);
  await withCode(ctx, channelOf(identity), identity.value, code, async (tx) => {
    await tx.query('update users set withdraw_password_hash = $2 where id = $1', [session.userId, withdrawPasswordHash]);
    await revokeUserSessions(tx, ctx.clock, session.userId, session.tokenHash);
  });
  meta.log.info({ userId: session.userId }, 'withdrawal password changed; other sessions revoked');
  return null;
}
