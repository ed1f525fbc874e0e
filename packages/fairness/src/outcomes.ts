import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// The provably-fair functions of DESIGN.md §6. Pure, integer-only (BigInt), and identical in the
// server and in the browser verifier. The outcome of round k comes from its own seed s_k and the
// public salt; never from s_(k-1), which is public once round k-1 is revealed.

const TWO_POW_52 = 2n ** 52n;
const HEX_SEED = /^[0-9a-f]{64}$/;

export type WingoColour = 'green' | 'red' | 'violet';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** s_(i-1) = sha256_hex(ascii(s_i)): the chain runs backwards from its last seed to the commitment. */
export function previousSeed(seed: string): string {
  return sha256Hex(seed);
}

/** Whether hashing `seed` `index` times gives the published commitment s_0. */
export function isSeedInChain(seed: string, index: number, commitment: string): boolean {
  if (!HEX_SEED.test(seed) || !Number.isSafeInteger(index) || index < 1) return false;
  let current = seed;
  for (let i = 0; i < index; i++) current = previousSeed(current);
  return current === commitment;
}

/** D = HMAC-SHA256(key = ascii(s_k), message = ascii(salt)) as 64 hex characters. */
export function roundDigest(seed: string, salt: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), utf8ToBytes(salt)));
}

/** u_j: the 52-bit integer in hex characters [13j, 13j+13) of the digest, j = 0..3. */
export function digestSlice(digest: string, j: number): bigint {
  if (!Number.isInteger(j) || j < 0 || j > 3) throw new RangeError(`slice ${j} is outside 0..3`);
  return BigInt(`0x${digest.slice(13 * j, 13 * j + 13)}`);
}

/** digit_j = floor(10 · u_j / 2^52), a digit 0..9. */
export function digestDigit(digest: string, j: number): number {
  return Number((10n * digestSlice(digest, j)) / TWO_POW_52);
}

export function wingoNumber(digest: string): number {
  return digestDigit(digest, 0);
}

/** Colours of a Win Go number: 0 red+violet, 5 green+violet, odd green, even red. */
export function wingoColours(number: number): WingoColour[] {
  if (number === 0) return ['red', 'violet'];
  if (number === 5) return ['green', 'violet'];
  return number % 2 === 1 ? ['green'] : ['red'];
}

export function bitgameDigits(digest: string): [number, number, number] {
  return [digestDigit(digest, 0), digestDigit(digest, 1), digestDigit(digest, 2)];
}

export function bitgameSum(digits: readonly number[]): number {
  return digits.reduce((sum, digit) => sum + digit, 0);
}

/** Small is 0–13, big is 14–27. */
export function bitgameSize(sum: number): 'small' | 'big' {
  return sum <= 13 ? 'small' : 'big';
}

export const CRASH_MIN_X100 = 100n;
export const CRASH_MAX_X100 = 1_000_000n;

/** Crash point in hundredths from a 52-bit value: min(10 000×, max(1.00×, floor((100 − edge)·2^52 / (2^52 − u)))). */
export function crashPointFromSlice(u: bigint, edgePercent = 1n): number {
  if (u < 0n || u >= TWO_POW_52) throw new RangeError('u must be a 52-bit value');
  const raw = ((100n - edgePercent) * TWO_POW_52) / (TWO_POW_52 - u);
  const clamped = raw < CRASH_MIN_X100 ? CRASH_MIN_X100 : raw > CRASH_MAX_X100 ? CRASH_MAX_X100 : raw;
  return Number(clamped);
}

export function crashPointX100(digest: string, edgePercent = 1n): number {
  return crashPointFromSlice(digestSlice(digest, 0), edgePercent);
}
