import fs from 'node:fs';
import path from 'node:path';
import { adminEndpoints } from '@mayur/contracts/admin';
import { describe, expect, it } from 'vitest';

// DESIGN.md §13: no operator can see a seed before its reveal or choose, queue or bias a result. The
// back office has no endpoint about seeds, chains, rounds or results, and its module neither imports
// the fairness or game modules nor names their tables; money moves only through the payments use
// cases the CLI calls (the wallet is imported for reading balances alone).

const moduleDir = import.meta.dirname;
const sources = fs
  .readdirSync(moduleDir)
  .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(moduleDir, file), 'utf8') }));

describe('the back office has no power over results', () => {
  it('has no endpoint about seeds, chains, rounds, results or bets', () => {
    for (const [endpointPath, definition] of Object.entries(adminEndpoints)) {
      expect(`${endpointPath} ${definition.tag}`).not.toMatch(/fair|seed|chain|round|result|bet|game|crash|lottery/i);
    }
  });

  it('imports nothing from fairness or games, and from the wallet only its balance reads', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, text } of sources) {
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const imported of imports) {
        expect(imported, file).not.toMatch(/\/(fairness|games)\//);
        if (imported.includes('/wallet/')) expect(imported, file).toBe('../wallet/accounts.ts');
      }
    }
  });

  it('names no table of seeds, chains, rounds or bets', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(
        /\b(fair_chains|fair_seeds|lottery_rounds|lottery_bets|crash_rounds|crash_bets|ledger_\w+)\b/,
      );
    }
  });
});
