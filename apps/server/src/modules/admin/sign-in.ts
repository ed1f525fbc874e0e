import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { TOperatorSession, TSignInResponse } from '@mayur/contracts/admin';
import type { z } from 'zod';
import type { ZChangeOwnPasswordRequest, ZConfirmEnrolmentRequest, ZSignInRequest } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { sourceKey } from '../../platform/rate-limit/source-key.ts';
import { acceptTotp } from './accept-totp.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { findOperatorByLogin, OPERATOR_COLUMNS, operatorView, type OperatorRow } from './operators.ts';
import { hasSignedInFrom, openOperatorSession } from './operator-sessions.ts';
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { newTotpSecret, otpauthUri, seal, sha256Hex, unseal } from './totp.ts';

// Signing in: password (argon2id) then the authenticator's code, which is mandatory. An operator who
// has not enrolled yet gets an enrolment instead of a session: a new secret as an otpauth URI and QR
// code, and ten recovery codes, confirmed by the first code and a new password of their own.

const ENROLMENT_TTL_MS = 10 * 60_000;
const THROTTLE_WINDOW_MS = 15 * 60_000;
// Who can stop an operator signing in (decision 0023, "Sign-in throttling"). Attempts on one login from
// one address: counted before the password is checked (parallel guesses stop there too), cleared by a
// complete sign-in. A stranger's address runs out, not the operator's.
const ATTEMPTS_PER_LOGIN_AND_SOURCE = 5;
// Failures from one address whatever the logins: a complete sign-in takes its attempt back, so an
// office behind one address is not locked out by its own operators signing in.
const FAILURES_PER_SOURCE = 20;
// Per login from all addresses: wrong passwords (unknown logins too), or wrong second factors after the
// right password (someone holds the password). Past either the login is guarded: the app's code is not
// even checked from an address the operator has not signed in from lately, so guessing it from many
// networks gets nowhere; a recovery code (50 random bits, single use) still signs in from anywhere.
const FAILURES_PER_LOGIN = 100;
const SECOND_FACTOR_FAILURES_PER_LOGIN = 5;
const KNOWN_SOURCE_MS = 30 * 24 * 3_600_000;

export type RequestSource = { ip: string; userAgent: string };
/** Who the attempt was about, for the audit row, whatever its outcome. */
export type SignInSubject = { operatorId?: string | null; login?: string };

type AttemptKeys = { loginAndSource: string; source: string };

function attemptKeys(subject: string, ip: string): AttemptKeys {
  // An IPv6 client is counted by its /64, like the players' sign-in (platform/rate-limit/source-key.ts).
  const source = sourceKey(ip);
  return { loginAndSource: `admin-sign-in:login-source:${subject}:${source}`, source: `admin-sign-in:source:${source}` };
}
const failuresKey = (login: string) => `admin-sign-in:login-failures:${login}`;
const secondFactorFailuresKey = (login: string) => `admin-sign-in:second-factor-failures:${login}`;

async function countAttempt(bo: BackOfficeContext, keys: AttemptKeys, what: string): Promise<void> {
  const [byLoginAndSource, bySource] = await Promise.all([
    bo.app.limiter.hit(keys.loginAndSource, ATTEMPTS_PER_LOGIN_AND_SOURCE, THROTTLE_WINDOW_MS),
    bo.app.limiter.hit(keys.source, FAILURES_PER_SOURCE, THROTTLE_WINDOW_MS),
  ]);
  if (!byLoginAndSource.isAllowed || !bySource.isAllowed) throw new Refusal('SIGN_IN_THROTTLED', `sign-in throttled: ${what}`);
}

/** A complete sign-in (or enrolment, or password change) counts as no failure anywhere. */
async function countSuccess(bo: BackOfficeContext, keys: AttemptKeys): Promise<void> {
  await Promise.all([bo.app.limiter.reset(keys.loginAndSource), bo.app.limiter.forgive(keys.source)]);
}

async function countFailure(bo: BackOfficeContext, key: string, limit: number, log: string): Promise<void> {
  const failures = await bo.app.limiter.hit(key, limit, THROTTLE_WINDOW_MS);
  if (failures.count === limit) bo.app.log.warn({ key }, log);
}

/**
 * Whether the authenticator's code may be checked for this attempt: always, unless the login is guarded
 * and the address is not one the operator completed a sign-in from lately. Decided before the password
 * is checked, so the answer cannot depend on it.
 */
async function mayUseApp(bo: BackOfficeContext, login: string, operator: OperatorRow | undefined, ip: string, now: Date) {
  const [failures, secondFactorFailures] = await Promise.all([
    bo.app.limiter.count(failuresKey(login)),
    bo.app.limiter.count(secondFactorFailuresKey(login)),
  ]);
  if (failures < FAILURES_PER_LOGIN && secondFactorFailures < SECOND_FACTOR_FAILURES_PER_LOGIN) return true;
  if (!operator || operator.totp_secret_sealed === null) return false;
  return hasSignedInFrom(bo.app.db, operator.id, ip, new Date(now.getTime() - KNOWN_SOURCE_MS));
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
  const keys = attemptKeys(input.login, source.ip);
  await countAttempt(bo, keys, `${input.login} from ${source.ip}`);
  const now = bo.app.clock.now();
  const operator = (await findOperatorByLogin(bo.app.db, input.login)) ?? undefined;
  const isAppAllowed = await mayUseApp(bo, input.login, operator, source.ip, now);
  // One refusal for every failure, so that no answer tells a right password from a wrong one. On a
  // guarded login, an attempt without a recovery code is refused as throttled, whatever it holds.
  const refusal = (detail: string) =>
    isAppAllowed || input.recoveryCode !== undefined
      ? new Refusal('SIGN_IN_FAILED', detail)
      : new Refusal('SIGN_IN_THROTTLED', `guarded login: ${detail}`);

  if (!operator || operator.is_disabled || !(await bo.hasher.verify(operator.password_hash, input.password))) {
    if (!operator || operator.is_disabled) await bo.hasher.verifyAgainstDummy(input.password);
    if (operator) subject.operatorId = operator.id;
    await countFailure(bo, failuresKey(input.login), FAILURES_PER_LOGIN, 'operator sign-in: login guarded after wrong passwords');
    throw refusal(!operator ? 'unknown login' : operator.is_disabled ? 'operator disabled' : 'wrong password');
  }
  subject.operatorId = operator.id;
  // The one-time password (160 random bits) proves possession like a recovery code: enrolment follows
  // whatever the code field holds.
  if (operator.totp_secret_sealed === null) {
    await countSuccess(bo, keys);
    return startEnrolment(bo, operator, now);
  }
  if (input.recoveryCode === undefined && !isAppAllowed) throw refusal('password right; app code not checked on a guarded login');
  if (!(await isSecondFactorAccepted(bo, operator, input, now))) {
    await countFailure(
      bo,
      secondFactorFailuresKey(input.login),
      SECOND_FACTOR_FAILURES_PER_LOGIN,
      'operator sign-in: login guarded after wrong codes with the right password',
    );
    throw refusal(
      input.recoveryCode !== undefined
        ? 'password right, recovery code unknown or used'
        : 'password right, code wrong or missing',
    );
  }
  await countSuccess(bo, keys);
  await bo.app.db.query('update operators set last_sign_in_at = $2 where id = $1::bigint', [operator.id, now]);
  const session = await openOperatorSession(bo.app.db, operator.id, now, source);
  return { status: 'signedIn', ...sessionView(session, { ...operator, last_sign_in_at: now }) };
}

/** A recovery code when one is given, else the authenticator's code; a missing code is a wrong one. */
async function isSecondFactorAccepted(
  bo: BackOfficeContext,
  operator: OperatorRow,
  input: z.output<typeof ZSignInRequest>,
  now: Date,
): Promise<boolean> {
  if (input.recoveryCode !== undefined) return useRecoveryCode(bo.app.db, operator.id, input.recoveryCode, now);
  if (input.code === undefined) return false;
  try {
    await acceptTotp(bo.app.db, operator.id, unseal(bo.totpKey, operator.totp_secret_sealed!), input.code, now);
    return true;
  } catch (error) {
    if (error instanceof Refusal && error.code === 'TOTP_INVALID') return false;
    throw error;
  }
}

function sessionView(session: { token: string; expiresAt: Date }, operator: OperatorRow): TOperatorSession {
  return { token: session.token, expiresAtMs: session.expiresAt.getTime(), operator: operatorView(operator) };
}

export async function confirmEnrolment(
  bo: BackOfficeContext,
  input: z.output<typeof ZConfirmEnrolmentRequest>,
  source: RequestSource,
  subject: SignInSubject,
  recordWithin: (tx: Queryable) => Promise<void>,
): Promise<TOperatorSession> {
  // Guessing the six digits against a stolen enrolment token is throttled like a sign-in.
  const keys = attemptKeys(`enrolment:${sha256Hex(input.enrolmentToken).slice(0, 24)}`, source.ip);
  await countAttempt(bo, keys, `enrolment from ${source.ip}`);
  const now = bo.app.clock.now();
  const session = await bo.app.db.transaction(async (tx) => {
    const rows = await tx.query<OperatorRow>(
      `select ${OPERATOR_COLUMNS} from operators
       where enrolment_token_hash = $1 and enrolment_expires_at > $2 and totp_pending_sealed is not null and not is_disabled
       for update`,
      [sha256Hex(input.enrolmentToken), now],
    );
    const operator = rows[0];
    if (!operator) throw new Refusal('ENROLMENT_EXPIRED');
    subject.operatorId = operator.id;
    subject.login = operator.login;
    const secret = unseal(bo.totpKey, operator.totp_pending_sealed!);
    await acceptTotp(tx, operator.id, secret, input.code, now);
    if (await bo.hasher.verify(operator.password_hash, input.newPassword)) throw new Refusal('OPERATOR_PASSWORD_REUSED');
    const [enrolled] = await tx.query<OperatorRow>(
      `update operators set totp_secret_sealed = totp_pending_sealed, totp_pending_sealed = null, enrolment_token_hash = null,
         enrolment_expires_at = null, password_hash = $2, must_change_password = false, last_sign_in_at = $3
       where id = $1::bigint returning ${OPERATOR_COLUMNS}`,
      [operator.id, await bo.hasher.hash(input.newPassword), now],
    );
    const session = sessionView(await openOperatorSession(tx, operator.id, now, source), enrolled!);
    // The new password and second factor, and their audit row, commit together.
    await recordWithin(tx);
    return session;
  });
  await countSuccess(bo, keys);
  return session;
}

/** An operator changes their own password: current password and a fresh code, then every other session ends. */
export async function changeOwnPassword(
  bo: BackOfficeContext,
  operator: OperatorRow,
  sessionId: string,
  input: z.output<typeof ZChangeOwnPasswordRequest>,
  source: RequestSource,
  recordWithin: (tx: Queryable) => Promise<void>,
): Promise<null> {
  const keys = attemptKeys(operator.login, source.ip);
  await countAttempt(bo, keys, `password change of ${operator.login} from ${source.ip}`);
  if (!(await bo.hasher.verify(operator.password_hash, input.currentPassword)))
    throw new Refusal('SIGN_IN_FAILED', 'wrong password');
  const now = bo.app.clock.now();
  await acceptTotp(bo.app.db, operator.id, unseal(bo.totpKey, operator.totp_secret_sealed!), input.code, now);
  if (await bo.hasher.verify(operator.password_hash, input.newPassword)) throw new Refusal('OPERATOR_PASSWORD_REUSED');
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
    await recordWithin(tx);
  });
  await countSuccess(bo, keys);
  return null;
}
