import type { ErrorCode } from '@mayur/rules/errors';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { CODE_MAX_FAILED_ATTEMPTS, CODE_TRIES_PER_SOURCE, CODE_TRIES_WINDOW_MS, hashCode, isSameHash } from './code-hash.ts';
import type { CodeChannel } from './delivery/code-delivery.ts';

type CodeRow = { code_hash: string; expires_at: Date; failed_attempts: number; consumed_at: Date | null };

type Outcome<T> = { isAccepted: true; value: T } | { isAccepted: false; code: ErrorCode };

/** A code typed for a destination, and the address it came from. */
export type CodeTry = { channel: CodeChannel; destination: string; code: string; ip: string };

/**
 * Checks and consumes a one-time code and runs `work` in the same transaction, so the code is spent
 * only if the work commits.
 *
 * Tries are bounded twice. Per source: 5 per destination per 15 minutes, counted before the check (so
 * parallel guesses stop there too) and cleared by the right code; a stranger's guesses stop the
 * stranger, not the owner typing the code from their own network. Per code: a wrong try is counted in
 * its own committed update under the row lock, and after 20 from all sources together even the right
 * code is refused (1 chance in 50,000 of guessing it), so many networks cannot guess on forever.
 */
export async function withCode<T>(ctx: AppContext, tried: CodeTry, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { channel, destination } = tried;
  const sourceTriesKey = `code-tries:${channel}:${destination}:${sourceKey(tried.ip)}`;
  const perSource = await ctx.limiter.hit(sourceTriesKey, CODE_TRIES_PER_SOURCE, CODE_TRIES_WINDOW_MS);
  if (!perSource.isAllowed) {
    throw new AppError('CODE_TRIES_THROTTLED', `code tries for ${channel} from ${sourceKey(tried.ip)} over the limit`, {
      field: 'code',
    });
  }
  const outcome = await ctx.db.transaction<Outcome<T>>(async (tx) => {
    const rows = await tx.query<CodeRow>(
      'select code_hash, expires_at, failed_attempts, consumed_at from verification_codes where channel = $1 and destination = $2 for update',
      [channel, destination],
    );
    const row = rows[0];
    if (!row || row.consumed_at !== null || row.expires_at.getTime() <= ctx.clock.now().getTime()) {
      return { isAccepted: false, code: 'CODE_INVALID' };
    }
    if (row.failed_attempts >= CODE_MAX_FAILED_ATTEMPTS) return { isAccepted: false, code: 'CODE_ATTEMPTS_EXCEEDED' };
    if (!isSameHash(row.code_hash, hashCode(ctx.config.codeSecret, channel, destination, tried.code))) {
      await tx.query(
        'update verification_codes set failed_attempts = failed_attempts + 1 where channel = $1 and destination = $2',
        [channel, destination],
      );
      return { isAccepted: false, code: 'CODE_INVALID' };
    }
    await tx.query('update verification_codes set consumed_at = $3 where channel = $1 and destination = $2', [
      channel,
      destination,
      ctx.clock.now(),
    ]);
    return { isAccepted: true, value: await work(tx) };
  });
  if (!outcome.isAccepted) throw new AppError(outcome.code, `code for ${channel} refused`, { field: 'code' });
  await ctx.limiter.reset(sourceTriesKey);
  return outcome.value;
}
