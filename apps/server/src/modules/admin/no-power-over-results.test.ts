import fs from 'node:fs';
import path from 'node:path';
import { adminEndpoints } from '@mayur/contracts/admin';
import { describe, expect, it } from 'vitest';

// DESIGN.md §13: no operator can see a seed before its reveal or choose, queue or bias a result. The
// back office has no endpoint about seeds, chains, rounds or results but the games screen's three
// reads (under /games/, marked readOnly, taking at most a room), and its module neither imports
// the fairness or game modules nor names their tables (the games hand it their SELECTs through app.ts); money moves only through the payments use
// cases the CLI calls (the wallet is imported for reading balances alone).

const moduleDir = import.meta.dirname;
/** The games screen's endpoints: reads under /games/ only. */
const GAMES_READ_PATH = /^\/games\/(rooms|rounds|rtp)$/;
/** The games' own reads handed to the back office (app.ts). */
const GAME_READ_FILES = ['lottery', 'crash'].map((game) => path.join(moduleDir, '..', 'games', game, 'operator-reads.ts'));
const sources = fs
  .readdirSync(moduleDir)
  .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(moduleDir, file), 'utf8') }));

describe('the back office has no power over results', () => {
  it('has no endpoint about seeds, chains, rounds, results or bets outside the read-only games screen', () => {
    for (const [endpointPath, definition] of Object.entries(adminEndpoints)) {
      if (GAMES_READ_PATH.test(endpointPath)) continue;
      expect(`${endpointPath} ${definition.tag}`).not.toMatch(/fair|seed|chain|round|result|bet|game|crash|lottery|rtp/i);
      expect('readOnly' in definition, endpointPath).toBe(false);
    }
  });

  it('has a games screen that is read-only: /games/<read>, marked readOnly, taking no outcome, chain or seed', () => {
    const games = Object.entries(adminEndpoints).filter(([endpointPath, definition]) =>
      /game|round|crash|lottery|rtp/i.test(`${endpointPath} ${definition.tag}`),
    );
    expect(games.map(([endpointPath]) => endpointPath).sort()).toEqual(['/games/rooms', '/games/rounds', '/games/rtp']);
    for (const [endpointPath, definition] of games) {
      expect(endpointPath).toMatch(GAMES_READ_PATH);
      expect(definition.tag, endpointPath).toBe('games');
      expect('readOnly' in definition && definition.readOnly, endpointPath).toBe(true);
      // No verb of change anywhere in its path, and no request field that could name an outcome.
      expect(endpointPath).not.toMatch(/set|save|create|update|queue|choose|pick|bias|force|write|edit|remove|delete|approve/i);
      const shape = (definition.request as unknown as { shape?: Record<string, unknown> }).shape;
      expect(shape, endpointPath).toBeDefined();
      for (const field of Object.keys(shape!)) expect(field, endpointPath).toBe('room');
    }
  });

  it('registers every games endpoint inside a read-only transaction', () => {
    const screen = sources.find(({ file }) => file === 'games-screen.ts')!.text;
    const registrations = [...screen.matchAll(/registerAdminEndpoint\(scope, bo, '([^']+)',([^;]*);/g)];
    expect(registrations.map((match) => match[1]).sort()).toEqual(['/games/rooms', '/games/rounds', '/games/rtp']);
    for (const [, endpointPath, handler] of registrations)
      expect(handler, endpointPath).toMatch(/^\s*\([^)]*\) =>\s*withinReadOnly\(db, /);
    for (const { file, text } of sources) {
      if (file !== 'games-screen.ts') expect(text, file).not.toMatch(/registerAdminEndpoint\(scope, bo, '\/games\//);
    }
  });

  it('reads the games through files of pure SELECTs that read a seed only for a settled round', () => {
    for (const file of GAME_READ_FILES) {
      const text = fs.readFileSync(file, 'utf8');
      const code = text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect(code, file).not.toMatch(
        /\b(insert|update|delete|upsert|truncate|alter|drop|for update|for share|nextval|setval)\b/i,
      );
      expect(code, file).not.toMatch(/\bimport\b[^;]*\b(wallet\/ledger|transaction)\b/);
      expect(code, file).not.toMatch(/\.transaction\(/);
      // fair_seeds is joined only on a settled round, and the seed is handed on only for one.
      const seedJoins = [...code.matchAll(/join fair_seeds s on ([^\n]*)/g)].map((match) => match[1]!);
      expect(seedJoins.length, file).toBeGreaterThan(0);
      for (const condition of seedJoins) expect(condition, file).toMatch(/^r\.state = 'settled' and /);
      expect(code, file).toMatch(/seed: isSettled \? row\.seed : null/);
    }
  });

  it('imports nothing from fairness or games, and from the wallet only its balance reads', () => {
    expect(sources.length).toBeGreaterThan(5);
    for (const { file, text } of sources) {
      const imports = [...text.matchAll(/from '([^']+)'/g)].map((match) => match[1]!);
      for (const imported of imports) {
        expect(imported, file).not.toMatch(/\/(fairness|games)\//);
        if (imported.includes('/wallet/'))
          expect(['../wallet/accounts.ts', '../wallet/ledger-reports.ts', '../wallet/adjust-player-cash.ts'], file).toContain(
            imported,
          );
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
