/** Win Go's ten numbers, the columns of the trend chart. */
export const WINGO_NUMBERS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export type NumberStats = {
  number: number;
  /** Periods since it was last drawn (the whole window when it never was). */
  missing: number;
  /** The average length of the runs of periods without it, rounded to a whole period. */
  averageMissing: number;
  /** How many of the window's periods drew it. */
  frequency: number;
  /** The longest run of consecutive periods that drew it. */
  maxConsecutive: number;
};

/**
 * The trend chart's statistics of each number over a window of drawn numbers, newest first (as the game
 * record lists them). Pure arithmetic on real results: nothing here predicts or weights a number.
 */
export function trendStats(newestFirst: readonly number[]): NumberStats[] {
  return WINGO_NUMBERS.map((number) => {
    let missing = newestFirst.indexOf(number);
    if (missing === -1) missing = newestFirst.length;
    let frequency = 0;
    let maxConsecutive = 0;
    let run = 0;
    for (const drawn of newestFirst) {
      if (drawn === number) {
        frequency += 1;
        run += 1;
        maxConsecutive = Math.max(maxConsecutive, run);
      } else {
        run = 0;
      }
    }
    // The misses fall into frequency + 1 gaps (before, between and after the draws), some of them empty.
    const averageMissing = Math.round((newestFirst.length - frequency) / (frequency + 1));
    return { number, missing, averageMissing, frequency, maxConsecutive };
  });
}
