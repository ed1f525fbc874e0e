import { createHash, createHmac, randomBytes } from 'node:crypto';

// Provably fair results (the same functions run in the page's verifier, public/play.js): the server
// seed is committed by its SHA-256 before the player's first round with it, and every result is
// HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>"). Rotating reveals the old seed.

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export function seedHash(serverSeed: string): string {
  return createHash('sha256').update(serverSeed).digest('hex');
}

export function roundDigest(serverSeed: string, clientSeed: string, nonce: number): Buffer {
  return createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest();
}

/** Plinko, 8 rows: one byte per row, its lowest bit sends the ball right; the slot is the number of rights. */
export const PLINKO_MULTIPLIERS_X10 = [56, 21, 11, 10, 5, 10, 11, 21, 56] as const;

export function plinkoPath(digest: Buffer): number[] {
  return Array.from({ length: 8 }, (_, row) => digest[row]! & 1);
}

/** Dice: a roll from 0.00 to 99.99 (in hundredths) from the first four bytes. */
export function diceRollX100(digest: Buffer): number {
  return digest.readUInt32BE(0) % 10_000;
}

/** Roll under `target` (2–95) wins stake × 99 / target, in hundredths of the multiplier, rounded down. */
export function diceMultiplierX100(target: number): number {
  return Math.floor(9_900 / target);
}
