import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bitgameDigits,
  bitgameSize,
  bitgameSum,
  crashPointFromSlice,
  crashPointX100,
  isSeedInChain,
  previousSeed,
  roundDigest,
  wingoColours,
  wingoNumber,
} from './outcomes.ts';

// The reference vectors (DESIGN.md §6) must all be reproduced. The repository keeps its own copy, so a
// clone without ../shared/ beside it still tests them; where ../shared/ is present, the copy must equal it.
type Vectors = {
  commitment: string;
  salt: string;
  chainLength: number;
  rounds: Array<{
    chainIndex: number;
    seed: string;
    digest: string;
    wingoNumber: number;
    wingoColours: string[];
    bitgameDigits: number[];
    bitgameSum: number;
    crashPointX100: number;
  }>;
  crashEdges: Array<{ h52: string; crashPointX100: number }>;
};
const vectorsPath = path.resolve(import.meta.dirname, '../fairness-vectors.json');
const sharedVectorsPath = path.resolve(import.meta.dirname, '../../../../shared/fairness-vectors.json');
const vectors = JSON.parse(fs.readFileSync(vectorsPath, 'utf8')) as Vectors;

describe('fairness reference vectors', () => {
  it.skipIf(!fs.existsSync(sharedVectorsPath))('are the same as the shared reference beside the checkout', () => {
    expect(JSON.parse(fs.readFileSync(sharedVectorsPath, 'utf8'))).toEqual(vectors);
  });

  it('has every round of the chain', () => {
    expect(vectors.rounds).toHaveLength(vectors.chainLength);
  });

  it.each(vectors.rounds)('reproduces round $chainIndex', (round) => {
    expect(isSeedInChain(round.seed, round.chainIndex, vectors.commitment)).toBe(true);
    const digest = roundDigest(round.seed, vectors.salt);
    expect(digest).toBe(round.digest);
    expect(wingoNumber(digest)).toBe(round.wingoNumber);
    expect(wingoColours(round.wingoNumber)).toEqual(round.wingoColours);
    expect(bitgameDigits(digest)).toEqual(round.bitgameDigits);
    expect(bitgameSum(bitgameDigits(digest))).toBe(round.bitgameSum);
    expect(crashPointX100(digest)).toBe(round.crashPointX100);
  });

  it('links each seed to the one before it', () => {
    for (let i = 1; i < vectors.rounds.length; i++) {
      expect(previousSeed(vectors.rounds[i]!.seed)).toBe(vectors.rounds[i - 1]!.seed);
    }
    expect(previousSeed(vectors.rounds[0]!.seed)).toBe(vectors.commitment);
  });

  it.each(vectors.crashEdges)('crash edge u=$h52 → $crashPointX100', (edge) => {
    expect(crashPointFromSlice(BigInt(edge.h52))).toBe(edge.crashPointX100);
  });

  it('refuses a seed at the wrong index or of the wrong form', () => {
    const round = vectors.rounds[5]!;
    expect(isSeedInChain(round.seed, round.chainIndex + 1, vectors.commitment)).toBe(false);
    expect(isSeedInChain(round.seed.toUpperCase(), round.chainIndex, vectors.commitment)).toBe(false);
    expect(isSeedInChain(round.seed, 0, vectors.commitment)).toBe(false);
  });

  it('splits bit game sums into small 0–13 and big 14–27', () => {
    expect([0, 13, 14, 27].map(bitgameSize)).toEqual(['small', 'small', 'big', 'big']);
  });
});
