import type { ErrorCode } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { CODE_MAX_FAILED_ATTEMPTS, hashCode, isSameHash } from './code-hash.ts';
import type { CodeChannel } from './delivery/code-delivery.ts';

type CodeRow = { code_hash: string; expires_at: Date; failed_attempts: number; consumed_at: Date | null };

type Outcome<T> = { isAccepted: true; value: T } | { isAccepted: false; code: ErrorCode };

/**
 * Checks and consumes a one-time code and runs `work` in the same transaction, so the code is spent
 * only if the work commits. A wrong code is counted in its own committed update (under the row lock),
 * so concurrent guesses cannot exceed the attempt limit.
 */
export async function withCode<T>(
  ctx: AppContext,
  channel: CodeChannel,
  destination: string,
  code: string,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
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
    if (!isSameHash(row.code_hash, hashCode(ctx.config.codeSecret, channel, destination, code))) {
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
  return outcome.value;
}
