import fs from 'node:fs';
import path from 'node:path';
import * as crashRules from '@mayur/rules/crash-rules';
import * as lotteryRules from '@mayur/rules/lottery-rules';
import { describe, expect, it } from 'vitest';

// The game rules the server pays by live in packages/contracts (crash-rules.ts, lottery-rules.ts) and
// packages/fairness; the web app imports them. A rule written again here would drift from the one that
// pays (as the uncapped crash win once did), so the web's sources may neither declare a rule under its
// shared name nor write one of the rules out by hand.
const WEB_SOURCES = path.resolve(import.meta.dirname, '../..');

/** The rules as they look when written out by hand, each with what it is. */
const HAND_WRITTEN_RULES: Array<[RegExp, string]> = [
  [/% 2 === 1 \? \['green'\]/, 'Win Go colours of a number'],
  [/\['(red|green)', 'violet'\]/, 'Win Go colours of 0 and 5'],
  [/<=? ?13\b/, 'Bit Game big/small threshold'],
  [/\b101n?\b/, 'lowest automatic cash-out'],
  [/\b1_000_000n?\b/, 'highest multiplier'],
  [/BigInt\(\w*x100\w*\)\) \/ 100n/i, 'crash win of a stake'],
  [/\bMath\.min\(1_?000\b/, 'contract count limit'],
];

function webSourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return webSourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app carries no copy of a game rule', () => {
  const sources = webSourceFiles(WEB_SOURCES).map((file) => ({
    file: path.relative(WEB_SOURCES, file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('reads the web sources', () => {
    expect(sources.some(({ file }) => file.endsWith('bet-panel.tsx'))).toBe(true);
  });

  it('declares none of the shared rules under its own name', () => {
    const sharedNames = [...Object.keys(crashRules), ...Object.keys(lotteryRules)];
    const declared = sources.flatMap(({ file, text }) =>
      sharedNames
        .filter((name) => new RegExp(`(function|const|let|var)\\s+${name}\\b`).test(text))
        .map((name) => `${file}: ${name}`),
    );
    expect(declared).toEqual([]);
  });

  it('writes none of the rules out by hand', () => {
    const copies = sources.flatMap(({ file, text }) =>
      HAND_WRITTEN_RULES.filter(([pattern]) => pattern.test(text)).map(([, rule]) => `${file}: ${rule}`),
    );
    expect(copies).toEqual([]);
  });
});
