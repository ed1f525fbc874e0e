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

// Attempts are counted before the password is checked, so parallel guesses are bounded too (decision 0010).
// The lock is per account *and* source: a stranger's wrong passwords stop the stranger's network, never
// the player on their own; a success clears its own account-and-source window.
export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE = 5;
// Per source whatever the accounts, failures only: a success takes its attempt back, so a mobile
// carrier's shared address (CGNAT) is not filled by the players who log in through it.
export const LOGIN_FAILURES_PER_SOURCE = 50;
// Wrong passwords an account takes from all sources before it counts as under a distributed guess.
// That is not a lock (strangers could then lock the player out): each source's allowance on the account
// drops to two tries per window instead, so the owner still logs in from their own network while
// every guessing network gets fewer tries.
export const LOGIN_FAILURES_BEFORE_GUARD = 100;
export const LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE_UNDER_GUARD = 2;
export const LOGIN_WINDOW_MS = 15 * 60_000;

type LoginKeys = { accountAndSource: string; source: string; accountFailures: string };

/** Counts the attempt on its account-and-source and source windows; refuses it when either is spent. */
async function countAttempt(ctx: AppContext, keys: LoginKeys, what: string): Promise<void> {
  const [perAccountAndSource, perSource, accountFailures] = await Promise.all([
    ctx.limiter.hit(keys.accountAndSource, LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE, LOGIN_WINDOW_MS),
    ctx.limiter.hit(keys.source, LOGIN_FAILURES_PER_SOURCE, LOGIN_WINDOW_MS),
    ctx.limiter.count(keys.accountFailures),
  ]);
  const isUnderGuard = accountFailures >= LOGIN_FAILURES_BEFORE_GUARD;
  const isPairSpent =
    !perAccountAndSource.isAllowed ||
    (isUnderGuard && perAccountAndSource.count > LOGIN_ATTEMPTS_PER_ACCOUNT_AND_SOURCE_UNDER_GUARD);
  if (isPairSpent || !perSource.isAllowed) {
    throw new AppError(
      'LOGIN_THROTTLED',
      `login attempts over the limit for ${what}${isUnderGuard ? ' (account under guard)' : ''}`,
    );
  }
}

/** Counts a wrong password on the account; the failure that puts it under guard is logged for operators. */
async function recordFailure(ctx: AppContext, keys: LoginKeys, meta: RequestMeta, userId: number | null): Promise<void> {
  const failures = await ctx.limiter.hit(keys.accountFailures, LOGIN_FAILURES_BEFORE_GUARD, LOGIN_WINDOW_MS);
  if (failures.count === LOGIN_FAILURES_BEFORE_GUARD) {
    meta.log.warn({ userId }, 'login: account under a distributed password guess, two tries per source');
  }
}

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
  const keys: LoginKeys = {
    accountAndSource: `login:account-source:${account}:${source}`,
    source: `login:source:${source}`,
    accountFailures: `login:account-failures:${account}`,
  };
  await countAttempt(ctx, keys, `${identity.kind} from source ${source}`);
  const rows = await ctx.db.query<UserRow & { password_hash: string }>(
    `select ${USER_COLUMNS}, password_hash from users where ${columnOf(identity)} = $1`,
    [identity.value],
  );
  const user = rows[0];
  if (!user) {
    await hasher.verifyAgainstDummy(password);
    await recordFailure(ctx, keys, meta, null);
    throw new AppError('LOGIN_FAILED', 'unknown account');
  }
  if (!(await hasher.verify(user.password_hash, password))) {
    await recordFailure(ctx, keys, meta, user.id);
    throw new AppError('LOGIN_FAILED', `wrong password for user ${user.id}`);
  }
  await Promise.all([ctx.limiter.reset(keys.accountAndSource), ctx.limiter.forgive(keys.source)]);
  const token = await createSession(ctx.db, ctx.clock, ctx.config.sessionTtlMs, user.id, meta);
  meta.log.info({ userId: user.id }, 'player logged in');
  const exclusion = await findExclusionAtLogin(ctx.db, ctx.clock.now(), user.id);
  return { token, user: toUserView(user, await findPlayerBalances(ctx.db, user.id)), exclusion };
}
