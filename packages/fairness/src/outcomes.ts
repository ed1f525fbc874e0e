import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { CRASH_MAX_X100 as CURVE_MAX_X100, CRASH_MIN_X100 as CURVE_MIN_X100 } from '@mayur/rules/crash-curve';
import { lotteryResultView, type LotteryResultView } from '@mayur/rules/lottery-rules';

// The provably-fair functions of DESIGN.md §6. Pure, integer-only (BigInt), and identical in the
// server and in the browser verifier. The outcome of round k comes from its own seed s_k and the
// public salt; never from s_(k-1), which is public once round k-1 is revealed.

const TWO_POW_52 = 2n ** 52n;
const HEX_SEED = /^[0-9a-f]{64}$/;

// The rules that turn a number or digits into colours, a sum and a size are the contracts' (one
// function each, shared with the payouts and the browser); re-exported so a verifier finds them here.
export { bitgameSize, bitgameSum, wingoColours, type WingoColour } from '@mayur/rules/lottery-rules';

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** s_(i-1) = sha256_hex(ascii(s_i)): the chain runs backwards from its last seed to the commitment. */
export function previousSeed(seed: string): string {
  return sha256Hex(seed);
}

/**
 * The walk from a revealed seed back to the published commitment s_0: hashes `seed` `index` times, in
 * slices of `hashesPerSlice`, yielding the share done (0..1) after each slice so a browser can breathe
 * between them (the last yield is 1), and returns whether the walk ends on `commitment`.
 */
export function* walkSeedChain(
  seed: string,
  index: number,
  commitment: string,
  hashesPerSlice = Number.POSITIVE_INFINITY,
): Generator<number, boolean> {
  if (!HEX_SEED.test(seed) || !Number.isSafeInteger(index) || index < 1) return false;
  let current = seed;
  for (let hashed = 0; hashed < index;) {
    const sliceEnd = Math.min(index, hashed + hashesPerSlice);
    for (; hashed < sliceEnd; hashed++) current = previousSeed(current);
    yield hashed / index;
  }
  return current === commitment;
}

/** Whether hashing `seed` `index` times gives the published commitment s_0. */
export function isSeedInChain(seed: string, index: number, commitment: string): boolean {
  const walk = walkSeedChain(seed, index, commitment);
  for (let step = walk.next(); ; step = walk.next()) if (step.done) return step.value;
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

export function bitgameDigits(digest: string): [number, number, number] {
  return [digestDigit(digest, 0), digestDigit(digest, 1), digestDigit(digest, 2)];
}

/** What a lottery round stores from its digest: the Win Go number, or the three Bit Game digits. */
export function lotteryOutcome(game: 'wingo' | 'bitgame', digest: string): { number: number | null; digits: number[] | null } {
  return game === 'wingo' ? { number: wingoNumber(digest), digits: null } : { number: null, digits: bitgameDigits(digest) };
}

/** A lottery round's result as players see it, recomputed from its digest (the server and the browser verifier). */
export function lotteryResultFromDigest(game: 'wingo' | 'bitgame', digest: string): LotteryResultView {
  const { number, digits } = lotteryOutcome(game, digest);
  return lotteryResultView(number, digits);
}

/** The crash point's bounds are the curve's: 1.00× … 10 000×. */
export const CRASH_MIN_X100 = BigInt(CURVE_MIN_X100);
export const CRASH_MAX_X100 = BigInt(CURVE_MAX_X100);

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
