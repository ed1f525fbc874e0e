import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { TOperatorSession, TSignInResponse } from '@mayur/contracts/admin';
import type { z } from 'zod';
import type { ZChangeOwnPasswordRequest, ZConfirmEnrolmentRequest, ZSignInRequest } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { AdminError } from './admin-error.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { findOperatorByLogin, OPERATOR_COLUMNS, operatorView, type OperatorRow } from './operators.ts';
import { openOperatorSession } from './operator-sessions.ts';
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { matchingStep, newTotpSecret, otpauthUri, seal, sha256Hex, unseal } from './totp.ts';

// Signing in: password (argon2id) then the authenticator's code, which is mandatory. An operator who
// has not enrolled yet gets an enrolment instead of a session: a new secret as an otpauth URI and QR
// code, and ten recovery codes, confirmed by the first code and a new password of their own.

const ENROLMENT_TTL_MS = 10 * 60_000;
const THROTTLE_WINDOW_MS = 15 * 60_000;
const ATTEMPTS_PER_LOGIN = 5;
const ATTEMPTS_PER_SOURCE = 20;

export type RequestSource = { ip: string; userAgent: string };
/** Who the attempt was about, for the audit row, whatever its outcome. */
export type SignInSubject = { operatorId?: string | null; login?: string };

const loginKey = (login: string) => `admin-sign-in:login:${login}`;

async function throttle(bo: BackOfficeContext, login: string, ip: string) {
  const [byLogin, bySource] = await Promise.all([
    bo.app.limiter.hit(loginKey(login), ATTEMPTS_PER_LOGIN, THROTTLE_WINDOW_MS),
    // An IPv6 client is counted by its /64, like the players' sign-in (platform/rate-limit/source-key.ts).
    bo.app.limiter.hit(`admin-sign-in:source:${sourceKey(ip)}`, ATTEMPTS_PER_SOURCE, THROTTLE_WINDOW_MS),
  ]);
  if (!byLogin.isAllowed || !bySource.isAllowed)
    throw new AdminError('SIGN_IN_THROTTLED', `sign-in throttled for ${login} from ${ip}`);
}

/** Accepts a code once: its time step must be later than the last one accepted (a guarded UPDATE decides races). */
async function acceptTotp(db: Queryable, operatorId: string, secret: string, code: string, now: Date): Promise<void> {
  const step = matchingStep(secret, code, now.getTime());
  if (step === null) throw new AdminError('TOTP_INVALID', 'the code does not match');
  const rows = await db.query(
    `update operators set totp_last_step = $2 where id = $1::bigint and (totp_last_step is null or totp_last_step < $2) returning id`,
    [operatorId, step],
  );
  if (rows.length === 0) throw new AdminError('TOTP_INVALID', 'the code was already used');
}

async function startEnrolment(bo: BackOfficeContext, operator: OperatorRow, now: Date): Promise<TSignInResponse> {
  const secret = newTotpSecret();
  const enrolmentToken = randomBytes(32).toString('base64url');
  const recoveryCodes = await bo.app.db.transaction(async (tx) => {
    await tx.query(
      `update operators set totp_pending_sealed = $2, enrolment_token_hash = $3, enrolment_expires_at = $4 where id = $1::bigint`,
      [operator.id, seal(bo.totpKey, secret), sha256Hex(enrolmentToken), new Date(now.getTime() + ENROLMENT_TTL_MS)],
    );
    return replaceRecoveryCodes(tx, operator.id);
  });
  const uri = otpauthUri(secret, operator.login);
  return {
    status: 'enrolmentRequired',
    enrolmentToken,
    otpauthUri: uri,
    qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    recoveryCodes,
  };
}

export async function signIn(
  bo: BackOfficeContext,
  input: z.output<typeof ZSignInRequest>,
  source: RequestSource,
  subject: SignInSubject,
): Promise<TSignInResponse> {
  await throttle(bo, input.login, source.ip);
  const now = bo.app.clock.now();
  const operator = await findOperatorByLogin(bo.app.db, input.login);
  if (!operator || operator.is_disabled) {
    await bo.hasher.verifyAgainstDummy(input.password);
    throw new AdminError('SIGN_IN_FAILED', operator ? 'operator disabled' : 'unknown login');
  }
  subject.operatorId = operator.id;
  if (!(await bo.hasher.verify(operator.password_hash, input.password))) throw new AdminError('SIGN_IN_FAILED', 'wrong password');
  if (operator.totp_secret_sealed === null) return startEnrolment(bo, operator, now);

  if (input.recoveryCode !== undefined) {
    if (!(await useRecoveryCode(bo.app.db, operator.id, input.recoveryCode, now)))
      throw new AdminError('TOTP_INVALID', 'unknown or used recovery code');
  } else if (input.code !== undefined) {
    await acceptTotp(bo.app.db, operator.id, unseal(bo.totpKey, operator.totp_secret_sealed), input.code, now);
  } else {
    throw new AdminError('TOTP_REQUIRED', 'password right, code missing');
  }
  // A complete sign-in (password and second factor) clears the login's count, so an operator's own
  // sign-ins over a day never lock them out; failures alone add up to the limit.
  await bo.app.limiter.reset(loginKey(input.login));
  await bo.app.db.query('update operators set last_sign_in_at = $2 where id = $1::bigint', [operator.id, now]);
  const session = await openOperatorSession(bo.app.db, operator.id, now, source);
  return { status: 'signedIn', ...sessionView(session, { ...operator, last_sign_in_at: now }) };
}

function sessionView(session: { token: string; expiresAt: Date }, operator: OperatorRow): TOperatorSession {
  return { token: session.token, expiresAtMs: session.expiresAt.getTime(), operator: operatorView(operator) };
}

export async function confirmEnrolment(
  bo: BackOfficeContext,
  input: z.output<typeof ZConfirmEnrolmentRequest>,
  source: RequestSource,
  subject: SignInSubject,
): Promise<TOperatorSession> {
  // Guessing the six digits against a stolen enrolment token is throttled like a sign-in.
  await throttle(bo, `enrolment:${sha256Hex(input.enrolmentToken).slice(0, 24)}`, source.ip);
  const now = bo.app.clock.now();
  return bo.app.db.transaction(async (tx) => {
    const rows = await tx.query<OperatorRow>(
      `select ${OPERATOR_COLUMNS} from operators
       where enrolment_token_hash = $1 and enrolment_expires_at > $2 and totp_pending_sealed is not null and not is_disabled
       for update`,
      [sha256Hex(input.enrolmentToken), now],
    );
    const operator = rows[0];
    if (!operator) throw new AdminError('ENROLMENT_EXPIRED');
    subject.operatorId = operator.id;
    subject.login = operator.login;
    const secret = unseal(bo.totpKey, operator.totp_pending_sealed!);
    await acceptTotp(tx, operator.id, secret, input.code, now);
    if (await bo.hasher.verify(operator.password_hash, input.newPassword)) throw new AdminError('OPERATOR_PASSWORD_REUSED');
    const [enrolled] = await tx.query<OperatorRow>(
      `update operators set totp_secret_sealed = totp_pending_sealed, totp_pending_sealed = null, enrolment_token_hash = null,
         enrolment_expires_at = null, password_hash = $2, must_change_password = false, last_sign_in_at = $3
       where id = $1::bigint returning ${OPERATOR_COLUMNS}`,
      [operator.id, await bo.hasher.hash(input.newPassword), now],
    );
    const session = await openOperatorSession(tx, operator.id, now, source);
    return sessionView(session, enrolled!);
  });
}

/** An operator changes their own password: current password and a fresh code, then every other session ends. */
export async function changeOwnPassword(
  bo: BackOfficeContext,
  operator: OperatorRow,
  sessionId: string,
  input: z.output<typeof ZChangeOwnPasswordRequest>,
  source: RequestSource,
): Promise<null> {
  await throttle(bo, operator.login, source.ip);
  if (!(await bo.hasher.verify(operator.password_hash, input.currentPassword)))
    throw new AdminError('SIGN_IN_FAILED', 'wrong password');
  const now = bo.app.clock.now();
  await acceptTotp(bo.app.db, operator.id, unseal(bo.totpKey, operator.totp_secret_sealed!), input.code, now);
  if (await bo.hasher.verify(operator.password_hash, input.newPassword)) throw new AdminError('OPERATOR_PASSWORD_REUSED');
  const passwordHash = await bo.hasher.hash(input.newPassword);
  await bo.app.db.transaction(async (tx) => {
    await tx.query('update operators set password_hash = $2, must_change_password = false where id = $1::bigint', [
      operator.id,
      passwordHash,
    ]);
    await tx.query(
      'update operator_sessions set revoked_at = $3 where operator_id = $1::bigint and id <> $2::bigint and revoked_at is null',
      [operator.id, sessionId, now],
    );
  });
  return null;
}
