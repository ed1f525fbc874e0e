import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP_TOPICS } from './help-topics.ts';

// The help centre lists its topics and questions in code and reads their words from the locale files:
// every question the code lists has a question and an answer in English (the other locales are held
// to the same keys by locales.test.ts), and every answer's link goes to a route the app has.

type Messages = { [key: string]: string | Messages };
const english = JSON.parse(
  readFileSync(new URL('../../../shared/i18n/locales/en-US/support.json', import.meta.url), 'utf8'),
) as Messages;
// The route table, wherever in app/ it lives.
const appDir = new URL('../../../app/', import.meta.url);
const routes = readdirSync(appDir)
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => readFileSync(new URL(file, appDir), 'utf8'))
  .join('\n');

function text(path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Messages | undefined)?.[key], english);
}

describe('HELP_TOPICS', () => {
  it('covers the seven help topics, each with questions', () => {
    expect(HELP_TOPICS.map((topic) => topic.id)).toEqual([
      'deposits',
      'withdrawals',
      'usdt',
      'fairness',
      'agent',
      'limits',
      'security',
    ]);
    for (const topic of HELP_TOPICS) expect(topic.questions.length, topic.id).toBeGreaterThan(0);
  });

  it('has a title, and a question and an answer for every question, in English', () => {
    for (const topic of HELP_TOPICS) {
      expect(text(`support.topics.${topic.id}.title`), topic.id).toEqual(expect.any(String));
      for (const question of topic.questions) {
        expect(text(`support.topics.${topic.id}.${question}.q`), `${topic.id}.${question}`).toEqual(expect.any(String));
        expect(text(`support.topics.${topic.id}.${question}.a`), `${topic.id}.${question}`).toEqual(expect.any(String));
      }
      // Nothing in the locale file that the screen would never show.
      expect(Object.keys(text(`support.topics.${topic.id}`) as Messages).sort()).toEqual(['title', ...topic.questions].sort());
    }
  });

  it('links every topic to a route of the app, with a link text', () => {
    for (const topic of HELP_TOPICS) {
      const link = topic.link ?? { to: '(none)', labelKey: '(none)' };
      expect(text(link.labelKey), topic.id).toEqual(expect.any(String));
      expect(routes, `${topic.id} → ${link.to}`).toContain(`path: '${link.to}'`);
    }
  });
});
