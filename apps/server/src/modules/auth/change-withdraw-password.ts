import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { forgetRevokedSessions, type SessionPrincipal } from '../../platform/http/authenticate.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { withCode } from '../codes/with-code.ts';
import { channelOf, columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets the withdrawal password, proven by a code sent to the signed-in player's own mobile or e-mail.
 * It must differ from the login password, so that a stolen login password does not also move money.
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
  // Argon2 runs only once the code is proven; a refusal rolls back and leaves the code usable.
  await withCode(ctx, { channel: channelOf(identity), destination: identity.value, code, ip: meta.ip }, async (tx) => {
    const [user] = await tx.query<{ password_hash: string }>('select password_hash from users where id = $1 for update', [
      session.userId,
    ]);
    if (await hasher.verify(user!.password_hash, withdrawPassword)) {
      throw new AppError('WITHDRAW_PASSWORD_SAME_AS_LOGIN', `user ${session.userId}`, { field: 'withdrawPassword' });
    }
    await tx.query('update users set withdraw_password_hash = $2 where id = $1', [
      session.userId,
      await hasher.hash(withdrawPassword),
    ]);
    await revokeUserSessions(tx, ctx.clock, session.userId, session.tokenHash);
  });
  await forgetRevokedSessions(ctx, { userId: session.userId, exceptTokenHash: session.tokenHash });
  meta.log.info({ userId: session.userId }, 'withdrawal password changed; other sessions revoked');
  return null;
}
