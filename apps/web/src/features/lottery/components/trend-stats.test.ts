import { describe, expect, it } from 'vitest';
import { trendStats } from './trend-stats.ts';

describe('trend chart statistics', () => {
  // Newest first: the latest period drew 3.
  const draws = [3, 3, 7, 0, 3, 9, 9, 9, 1, 5];
  const stats = trendStats(draws);
  const of = (number: number) => stats.find((entry) => entry.number === number);

  it('lists the ten numbers in order', () => {
    expect(stats.map((entry) => entry.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('counts how often each number came, summing to the window', () => {
    expect(stats.map((entry) => entry.frequency)).toEqual([1, 1, 0, 3, 0, 1, 0, 1, 0, 3]);
    expect(stats.reduce((sum, entry) => sum + entry.frequency, 0)).toBe(draws.length);
  });

  it('counts the periods since each number was last drawn', () => {
    expect(of(3)?.missing).toBe(0);
    expect(of(7)?.missing).toBe(2);
    expect(of(0)?.missing).toBe(3);
    expect(of(5)?.missing).toBe(9);
    expect(of(2)?.missing).toBe(10);
  });

  it('finds the longest run of consecutive draws', () => {
    expect(of(9)?.maxConsecutive).toBe(3);
    expect(of(3)?.maxConsecutive).toBe(2);
    expect(of(1)?.maxConsecutive).toBe(1);
    expect(of(4)?.maxConsecutive).toBe(0);
  });

  it('averages the gaps between draws', () => {
    // 3 came 3 times in 10: 7 misses over 4 gaps → 1.75 → 2.
    expect(of(3)?.averageMissing).toBe(2);
    // Never drawn: one gap of the whole window.
    expect(of(4)?.averageMissing).toBe(10);
  });

  it('gives an empty window zero counts', () => {
    expect(trendStats([]).every((entry) => entry.frequency === 0 && entry.missing === 0 && entry.averageMissing === 0)).toBe(
      true,
    );
  });
});
