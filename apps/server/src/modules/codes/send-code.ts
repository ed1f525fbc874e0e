import { randomInt } from 'node:crypto';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { CODE_RESEND_INTERVAL_MS, CODE_TTL_MS, hashCode } from './code-hash.ts';
import type { CodeChannel } from './delivery/code-delivery.ts';

const SENDS_PER_SOURCE_PER_HOUR = 30;

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Issues a new 6-digit code for a destination and delivers it. At most one send per destination per
 * minute: the conditional upsert refuses a second send inside the minute on any node, atomically.
 */
export async function sendCode(ctx: AppContext, channel: CodeChannel, destination: string, meta: RequestMeta) {
  const source = sourceKey(meta.ip);
  const perSource = await ctx.limiter.hit(`code-send:source:${source}`, SENDS_PER_SOURCE_PER_HOUR, 3_600_000);
  if (!perSource.isAllowed) throw new AppError('RATE_LIMITED', `code sends from ${source} over the hourly limit`);

  const code = generateCode();
  const codeHash = hashCode(ctx.config.codeSecret, channel, destination, code);
  const nowMs = ctx.clock.now().getTime();
  const rows = await ctx.db.query(
    `insert into verification_codes (channel, destination, code_hash, sent_at, expires_at, failed_attempts, consumed_at)
     values ($1, $2, $3, $4, $5, 0, null)
     on conflict (channel, destination) do update
       set code_hash = excluded.code_hash, sent_at = excluded.sent_at, expires_at = excluded.expires_at,
           failed_attempts = 0, consumed_at = null
       where verification_codes.sent_at <= $6
     returning channel`,
    [channel, destination, codeHash, new Date(nowMs), new Date(nowMs + CODE_TTL_MS), new Date(nowMs - CODE_RESEND_INTERVAL_MS)],
  );
  if (rows.length === 0)
    throw new AppError('WAIT_ONE_MINUTE', `a code was sent to ${channel} ${destination} less than a minute ago`);

  const minutes = CODE_TTL_MS / 60_000;
  try {
    await ctx.codeDelivery.send({
      channel,
      destination,
      code,
      subject: `Your Mayur code is ${code}`,
      text: `Your Mayur verification code is ${code}. It expires in ${minutes} minutes. Never share it with anyone.`,
    });
  } catch (error) {
    // Undo the send so the player can try again at once; only our own row is removed.
    await ctx.db.query('delete from verification_codes where channel = $1 and destination = $2 and code_hash = $3', [
      channel,
      destination,
      codeHash,
    ]);
    meta.log.error({ err: error, channel }, 'code delivery failed');
    throw new AppError('CODE_DELIVERY_FAILED', `delivery to ${channel} failed`);
  }
  meta.log.info({ channel }, 'code sent');
  return { resendAfterSec: CODE_RESEND_INTERVAL_MS / 1000 };
}
