import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// Two-factor codes (RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator app reads them)
// through otpauth, and the secret sealed at rest with AES-256-GCM under a key derived from the server's
// secret, so a copy of the database alone does not hand out operators' second factors.

const ISSUER = 'Mayur back office';
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changes. */
const WINDOW_STEPS = 1;
const SEAL_VERSION = 'v1';

export type TotpKey = Buffer;

export function deriveTotpKey(secret: string): TotpKey {
  return Buffer.from(hkdfSync('sha256', secret, 'mayur-operator-totp', 'aes-256-gcm', 32));
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, login: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function otpauthUri(secretBase32: string, login: string): string {
  return totpOf(secretBase32, login).toString();
}

/**
 * The time step a code belongs to when it is valid at `nowMs` (within one step either side), else null.
 * The caller refuses a step at or before the last one accepted, so a code works once.
 */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, 'operator').validate({ token: code, timestamp: nowMs, window: WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

export function seal(key: TotpKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function unseal(key: TotpKey, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || !body) throw new Error('unreadable sealed TOTP secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Tokens and recovery codes carry enough entropy that one SHA-256 is the right hash (no password stretching). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
