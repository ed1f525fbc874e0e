import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layering (DESIGN.md §1, docs/ARCHITECTURE.md), checked on every `npm test` by reading
// the imports of every source file (type-only imports count: they couple the code just the same):
// 1. `platform/` (config, db, http, realtime, clock, leader) never imports `modules/`: the domain
//    depends on the platform, not the other way round.
// 2. No cycles between modules: a module is a folder of `modules/` (`games/<game>` for the games),
//    and two modules never import each other, directly or through others.
// 3. A use case never imports a sibling use case: one use case per file, and what two of them share
//    is a step of its own (a view, a row, a rule), not another use case.

const srcDir = import.meta.dirname;

/** File names of use cases: a verb, then what it acts on (`place-bet.ts`, `apply-deposit-event.ts`). */
const USE_CASE_NAME =
  /^((add|apply|cancel|cash-out|change|decide|delete|edit|exchange|find|open|place|redeem|request|reset|send|settle|watch)-.+|cash-out|login|register|third-login)\.ts$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of the server's sources, as paths relative to `src/`. */
function importEdges(): Array<{ from: string; to: string }> {
  return sourceFiles(srcDir).flatMap((file) => {
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

const edges = importEdges();
const describeEdges = (list: Array<{ from: string; to: string }>) => list.map(({ from, to }) => `${from} → ${to}`);

describe('server layering', () => {
  it('reads the imports of the server’s sources', () => {
    // Guards the checks below against a parser that finds nothing.
    expect(edges).toContainEqual({ from: 'app.ts', to: 'platform/config.ts' });
  });

  it('platform never imports modules', () => {
    const violations = edges.filter(({ from, to }) => from.startsWith('platform/') && to.startsWith('modules/'));
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
    const isUseCase = (file: string) => file.startsWith('modules/') && USE_CASE_NAME.test(path.basename(file));
    const violations = edges.filter(
      ({ from, to }) => path.dirname(from) === path.dirname(to) && isUseCase(from) && isUseCase(to),
    );
    expect(describeEdges(violations)).toEqual([]);
  });

  it('finds a cycle when two modules import each other, through a third or directly', () => {
    const made = [
      { from: 'modules/wallet/routes.ts', to: 'modules/gifts/redeem-gift.ts' },
      { from: 'modules/gifts/redeem-gift.ts', to: 'modules/wallet/post-transfer.ts' },
      { from: 'modules/games/lottery/settle-round.ts', to: 'modules/fairness/chains.ts' },
      { from: 'modules/fairness/chains.ts', to: 'modules/wallet/accounts.ts' },
      { from: 'modules/wallet/routes.ts', to: 'modules/games/lottery/bet-view.ts' },
    ];
    expect(moduleCycles(made)).toEqual([['fairness', 'games/lottery', 'gifts', 'wallet']]);
  });
});
