import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layering (DESIGN.md §1, docs/ARCHITECTURE.md), checked on every `npm test` by reading
// the imports of every source file (type-only imports count: they couple the code just the same):
// 1. `platform/` (config, db, http, realtime, clock, leader) never imports `modules/`: the domain
//    depends on the platform, not the other way round. One exception: `platform/config.ts` composes
//    the modules' settings schemas (`modules/**/*-env.ts`), which import nothing of a module but
//    other settings schemas, so the platform never reaches a module's code through them.
// 2. No cycles between modules: a module is a folder of `modules/` (`games/<game>` for the games),
//    and two modules never import each other, directly or through others.
// 3. A use case never imports a sibling use case: one use case per file, and what two of them share
//    is a step of its own (a view, a row, a rule), not another use case.
// 4. A node's group commit (`*-batch.ts`, `*-batcher.ts`) is plumbing: use cases import it and hand it
//    their rules, it never imports a use case (so the rule stays in the use case's file, and the two
//    never import each other in a loop).
// 5. A route file is a map: it registers, parses and calls use cases; it holds no SQL of its own and
//    emits no domain event (the use case that decided emits it).
// 6. Money is posted only through `modules/wallet/ledger.ts` (its three verbs): no file, source or
//    test, imports what stands behind it (`modules/wallet/ledger-internals/`).

const srcDir = import.meta.dirname;

/** File names of use cases: a verb, then what it acts on (`place-bet.ts`, `apply-deposit-event.ts`). */
const USE_CASE_NAME =
  /^((add|apply|cancel|cash-out|change|decide|delete|edit|exchange|find|open|place|redeem|request|reset|send|settle|watch)-.+|cash-out|login|register|third-login)\.ts$/;

/** File names of a node's group commit: the lanes and the set-based statements that apply a batch. */
const BATCH_NAME = /-batch(er)?\.ts$/;

/** File names of settings schemas: the environment variables a module reads (`agent-env.ts`). */
const ENV_NAME = /-env\.ts$/;

/** platform/config.ts putting the modules' settings schemas together. */
const isSettingsComposition = (from: string, to: string) => from === 'platform/config.ts' && ENV_NAME.test(path.basename(to));

/** File names of route maps: a module's `routes.ts`, or a route file of its own (`callback-route.ts`). */
const ROUTE_NAME = /^(routes|.+-routes?)\.ts$/;

/** A statement sent to the database, as code writes it (`ctx.db.query(`, `tx.query<Row>(`, `db.transaction(`). */
const SQL_CALL = /\.(query|transaction)\s*(<[^(]*>)?\s*\(/;

/** A domain event emitted (`events.emit('activity', …)`). */
const EVENT_EMIT = /\.emit\s*\(/;

const isUseCase = (file: string) => file.startsWith('modules/') && USE_CASE_NAME.test(path.basename(file));
const isBatch = (file: string) => file.startsWith('modules/') && BATCH_NAME.test(path.basename(file));

/** Imports from group-commit files to use cases. */
function batchToUseCaseEdges(list: Array<{ from: string; to: string }>): Array<{ from: string; to: string }> {
  return list.filter(({ from, to }) => isBatch(from) && isUseCase(to));
}

function sourceFiles(dir: string, withTests = false): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file, withTests);
    return /\.tsx?$/.test(entry.name) && (withTests || !/\.test\.tsx?$/.test(entry.name)) ? [file] : [];
  });
}

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of the server's sources, as paths relative to `src/`. */
function importEdges(files = sourceFiles(srcDir)): Array<{ from: string; to: string }> {
  return files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2]!)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({
        from: path.relative(srcDir, file).split(path.sep).join('/'),
        to: path
          .relative(srcDir, path.resolve(path.dirname(file), specifier))
          .split(path.sep)
          .join('/'),
      }));
  });
}

/** The module a file of `modules/` belongs to: its first folder, or `games/<game>`. */
function moduleOf(file: string): string | null {
  const [top, first, second] = file.split('/');
  if (top !== 'modules' || !second) return null;
  return first === 'games' && file.split('/').length > 3 ? `games/${second}` : first!;
}

/** The groups of modules that reach each other through imports (Tarjan's strongly connected components). */
function moduleCycles(edges: Array<{ from: string; to: string }>): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    const [a, b] = [moduleOf(from), moduleOf(to)];
    if (!a || !b || a === b) continue;
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    graph.get(a)!.add(b);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The wallet's one door for posting money, and what stands behind it. */
const LEDGER_FACE = 'modules/wallet/ledger.ts';
const LEDGER_INTERNALS = 'modules/wallet/ledger-internals/';

/** Imports of the ledger's internals by any file but its face (and the internals among themselves). */
function ledgerBypassEdges(list: Array<{ from: string; to: string }>): Array<{ from: string; to: string }> {
  return list.filter(
    ({ from, to }) => to.startsWith(LEDGER_INTERNALS) && from !== LEDGER_FACE && !from.startsWith(LEDGER_INTERNALS),
  );
}

const edges = importEdges();
const describeEdges = (list: Array<{ from: string; to: string }>) => list.map(({ from, to }) => `${from} → ${to}`);

describe('server layering', () => {
  it('reads the imports of the server’s sources', () => {
    // Guards the checks below against a parser that finds nothing.
    expect(edges).toContainEqual({ from: 'app.ts', to: 'platform/config.ts' });
  });

  it('platform never imports modules', () => {
    const violations = edges.filter(
      ({ from, to }) => from.startsWith('platform/') && to.startsWith('modules/') && !isSettingsComposition(from, to),
    );
    expect(describeEdges(violations)).toEqual([]);
  });

  it('a module’s settings schema imports only settings schemas and the platform’s env fields', () => {
    const settingsEdges = edges.filter(({ from }) => from.startsWith('modules/') && ENV_NAME.test(path.basename(from)));
    // Guards the check against a pattern that matches no file.
    expect(settingsEdges).toContainEqual({ from: 'modules/agent/agent-env.ts', to: 'platform/env-fields.ts' });
    const violations = settingsEdges.filter(({ to }) => !ENV_NAME.test(path.basename(to)) && to !== 'platform/env-fields.ts');
    expect(describeEdges(violations)).toEqual([]);
  });

  it('modules never import each other in a cycle', () => {
    const cycles = moduleCycles(edges);
    const detail = cycles.map((cycle) =>
      describeEdges(
        edges.filter(
          ({ from, to }) =>
            moduleOf(from) !== moduleOf(to) && cycle.includes(moduleOf(from) ?? '') && cycle.includes(moduleOf(to) ?? ''),
        ),
      ),
    );
    expect(detail).toEqual([]);
  });

  it('a use case never imports a sibling use case', () => {
    const violations = edges.filter(
      ({ from, to }) => path.dirname(from) === path.dirname(to) && isUseCase(from) && isUseCase(to),
    );
    expect(describeEdges(violations)).toEqual([]);
  });

  it('a group-commit file never imports a use case', () => {
    expect(describeEdges(batchToUseCaseEdges(edges))).toEqual([]);
  });

  it('finds a group-commit file that imports the use case it serves', () => {
    const made = [
      { from: 'modules/games/lottery/place-bet.ts', to: 'modules/games/lottery/lottery-bet-batch.ts' },
      { from: 'modules/games/lottery/lottery-bet-batch.ts', to: 'modules/games/lottery/place-bet.ts' },
      { from: 'modules/games/crash/crash-batcher.ts', to: 'modules/games/crash/crash-bet-batch.ts' },
      { from: 'modules/games/crash/cash-out.ts', to: 'modules/games/crash/crash-batcher.ts' },
    ];
    expect(describeEdges(batchToUseCaseEdges(made))).toEqual([
      'modules/games/lottery/lottery-bet-batch.ts → modules/games/lottery/place-bet.ts',
    ]);
  });

  it('production sources never import test helpers', () => {
    // Test helpers (operators signed in with computed codes, image fixtures) live in apps/server/test,
    // outside what the production build compiles.
    const violations = edges.filter(({ to }) => to.startsWith('../test/'));
    expect(describeEdges(violations)).toEqual([]);
  });

  it('route files hold no SQL and emit no domain event', () => {
    const routeFiles = sourceFiles(path.join(srcDir, 'modules')).filter((file) => ROUTE_NAME.test(path.basename(file)));
    // Guards the check against a pattern that matches no file.
    expect(routeFiles.length).toBeGreaterThan(10);
    const doingWork = routeFiles
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return SQL_CALL.test(text) || EVENT_EMIT.test(text);
      })
      .map((file) => path.relative(srcDir, file).split(path.sep).join('/'));
    expect(doingWork).toEqual([]);
  });

  it('finds SQL and events as route files would send them', () => {
    expect(SQL_CALL.test('const rows = await ctx.db.query<{ id: number }>(\n  "select id from notices",')).toBe(true);
    expect(SQL_CALL.test('await db.transaction(async (tx) => {')).toBe(true);
    expect(EVENT_EMIT.test("events.emit('activity', { kind: 'cashout', room })")).toBe(true);
    expect(
      SQL_CALL.test("registerAdminEndpoint(scope, bo, '/players/search', ({ input }) => searchPlayers(db, input.query));"),
    ).toBe(false);
  });

  it('finds a cycle when two modules import each other, through a third or directly', () => {
    const made = [
      { from: 'modules/wallet/routes.ts', to: 'modules/gifts/redeem-gift.ts' },
      { from: 'modules/gifts/redeem-gift.ts', to: 'modules/wallet/ledger.ts' },
      { from: 'modules/games/lottery/settle-round.ts', to: 'modules/fairness/chains.ts' },
      { from: 'modules/fairness/chains.ts', to: 'modules/wallet/accounts.ts' },
      { from: 'modules/wallet/routes.ts', to: 'modules/games/lottery/bet-view.ts' },
    ];
    expect(moduleCycles(made)).toEqual([['fairness', 'games/lottery', 'gifts', 'wallet']]);
  });

  it('posts money only through the wallet’s ledger.ts, in sources and tests alike', () => {
    const everyFile = [...sourceFiles(srcDir, true), ...sourceFiles(path.join(srcDir, '../test'), true)];
    const withTests = importEdges(everyFile);
    // Guards the check against a parser that finds nothing.
    expect(withTests).toContainEqual({ from: 'modules/wallet/ledger.ts', to: 'modules/wallet/ledger-internals/post-group.ts' });
    expect(describeEdges(ledgerBypassEdges(withTests))).toEqual([]);
  });

  it('finds a file that posts around the ledger’s face', () => {
    const made = [
      { from: 'modules/gifts/redeem-gift.ts', to: 'modules/wallet/ledger.ts' },
      { from: 'modules/wallet/ledger.ts', to: 'modules/wallet/ledger-internals/pay-out.ts' },
      { from: 'modules/wallet/ledger-internals/pay-out.ts', to: 'modules/wallet/ledger-internals/transfer-input.ts' },
      { from: 'modules/games/crash/settle-crash-round.ts', to: 'modules/wallet/ledger-internals/pay-out.ts' },
      { from: 'modules/wallet/bonus-wagering.ts', to: 'modules/wallet/ledger-internals/post-group.ts' },
    ];
    expect(describeEdges(ledgerBypassEdges(made))).toEqual([
      'modules/games/crash/settle-crash-round.ts → modules/wallet/ledger-internals/pay-out.ts',
      'modules/wallet/bonus-wagering.ts → modules/wallet/ledger-internals/post-group.ts',
    ]);
  });
});
