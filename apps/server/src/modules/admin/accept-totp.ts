import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import type { OperatorRow } from './operators.ts';
import { matchingStep, unseal } from './totp.ts';

// A code from an operator's authenticator is accepted once: its time step must be later than the
// last one accepted (a guarded UPDATE decides races). Signing in uses it, and so does every power
// that asks for a fresh code (creating, resetting or disabling an operator, a second owner's approval),
// so that a session left open, or stolen, is not enough to use them.

export async function acceptTotp(db: Queryable, operatorId: string, secret: string, code: string, now: Date): Promise<void> {
  const step = matchingStep(secret, code, now.getTime());
  if (step === null) throw new Refusal('TOTP_INVALID', 'the code does not match');
  const rows = await db.query(
    `update operators set totp_last_step = $2 where id = $1::bigint and (totp_last_step is null or totp_last_step < $2) returning id`,
    [operatorId, step],
  );
  if (rows.length === 0) throw new Refusal('TOTP_INVALID', 'the code was already used');
}

const FRESH_CODE_TRIES = 5;
const FRESH_CODE_WINDOW_MS = 15 * 60_000;

/**
 * The signed-in operator's fresh code, in the caller's transaction (a refused code changes nothing).
 * Tries are counted per operator, so a stolen session cannot guess its way through six digits.
 */
export async function acceptFreshCode(bo: BackOfficeContext, tx: Queryable, operator: OperatorRow, code: string): Promise<void> {
  if (operator.totp_secret_sealed === null) throw new Refusal('TOTP_REQUIRED', `operator ${operator.id} has not enrolled`);
  // Every try is counted before it is checked (parallel tries are bounded too); a right code is forgiven.
  const key = `admin-fresh-code:${operator.id}`;
  const tries = await bo.app.limiter.hit(key, FRESH_CODE_TRIES, FRESH_CODE_WINDOW_MS);
  if (!tries.isAllowed) throw new Refusal('SIGN_IN_THROTTLED', `too many fresh codes tried by operator ${operator.id}`);
  await acceptTotp(tx, operator.id, unseal(bo.totpKey, operator.totp_secret_sealed), code, bo.app.clock.now());
  await bo.app.limiter.forgive(key);
}
