import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

// The alert rules, their runbooks and the dashboard in deploy/ watch metrics the server really
// exports; promtool (Debian's prometheus package) checks the rules and runs their unit tests.

const root = path.resolve(import.meta.dirname, '../../../..');
const alertsPath = path.join(root, 'deploy/prometheus/alerts.yml');
const alerts = fs.readFileSync(alertsPath, 'utf8');
const dashboard = JSON.parse(fs.readFileSync(path.join(root, 'deploy/grafana/mayur-dashboard.json'), 'utf8'));
const runbooks = fs.readFileSync(path.join(root, 'docs/operations/runbooks.md'), 'utf8');

/** Metric names exported by a node, histograms with their _bucket, _sum and _count series. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = createMetrics();
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

/** Names of the series an expression reads: `mayur_…` and `nodejs_…`/`process_…` identifiers. */
function seriesIn(expression: string): string[] {
  return [...expression.matchAll(/\b((?:mayur|nodejs|process)_[a-z0-9_]+)\b/g)].map((match) => match[1]!);
}

describe('the deploy/ monitoring files', () => {
  it('only use metrics a node exports', async () => {
    const names = await exportedNames();
    const expressions: string[] = dashboard.panels.flatMap((panel: { targets: Array<{ expr: string }> }) =>
      panel.targets.map((target) => target.expr),
    );
    expressions.push(...[...alerts.matchAll(/expr: \|?\s*([\s\S]*?)\n\s+(?:for|labels):/g)].map((match) => match[1]!));
    const used = new Set(expressions.flatMap(seriesIn));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !names.has(name))).toEqual([]);
  });

  it('give every alert a runbook section', () => {
    const names = [...alerts.matchAll(/- alert: (\w+)/g)].map((match) => match[1]!);
    expect(names.length).toBeGreaterThanOrEqual(10);
    for (const name of names) {
      expect(runbooks, name).toContain(`## ${name}\n`);
      expect(alerts, name).toContain(`runbook: docs/operations/runbooks.md#${name.toLowerCase()}`);
    }
  });

  const promtool = spawnSync('promtool', ['--version'], { encoding: 'utf8' });
  const hasPromtool = promtool.status === 0;
  if (!hasPromtool)
    process.stderr.write(
      '\n*** metrics-deploy.test: promtool NOT FOUND, the alert rules were NOT checked (apt-get install -y prometheus) ***\n\n',
    );

  it.skipIf(!hasPromtool)('pass promtool check rules and the rules unit tests', () => {
    const checked = spawnSync('promtool', ['check', 'rules', alertsPath], { encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    const tested = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], {
      cwd: path.dirname(alertsPath),
      encoding: 'utf8',
    });
    expect(tested.status, tested.stdout + tested.stderr).toBe(0);
    expect(tested.stdout).toContain('SUCCESS');
  });
});
