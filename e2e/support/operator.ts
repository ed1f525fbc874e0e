import { expect } from 'vitest';
import type { AppProcess } from './app-process.ts';

// What browser tests need from outside the browser: the operator's CLI and the development outbox.

/** Runs an operator command that must succeed and returns its output lines. */
export function operator(app: AppProcess, ...args: string[]): string[] {
  const result = app.admin(...args);
  expect(result.status, `${args.join(' ')}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout.trim().split('\n');
}

/** The newest code the server "sent" to a mobile number or e-mail address (development outbox). */
export async function latestCode(app: AppProcess, to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const outbox = (await (await fetch(`${app.baseUrl}/dev/outbox`)).json()) as Array<{ to: string; code: string }>;
    const message = outbox.find((entry) => entry.to === to);
    if (message) return message.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code reached the outbox for ${to}`);
}
