import { TOTP } from 'otpauth';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import en from '../../apps/admin/src/shared/i18n/locales/en.json';
import type { AppProcess } from './app-process.ts';
import { latestCode } from './operator.ts';

// What the console's powers need in a browser test: a fresh code from an operator's authenticator for
// every confirmation that asks for one, and creating an operator as an owner does (e-mail, code), with
// the one-time password read where the server sends it (the development outbox), never from the page.

const PERIOD_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);
const codeAt = (secret: string, step: number) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: step * PERIOD_MS });

/** The last time step each authenticator's code was used in this test file. */
const usedSteps = new Map<string, number>();

/** Records that a code of `secret`'s current step was just used (enrolling, signing in). */
export function noteCodeUsed(secret: string) {
  usedSteps.set(secret, Math.max(usedSteps.get(secret) ?? -1, stepAt(Date.now())));
}

/**
 * A code the server has not accepted yet: it takes each time step once and accepts one step either
 * side of now, so this is now's code, else the next step's, else it waits for the next step. Codes
 * used outside these helpers are unknown to it.
 */
export async function freshCode(secret: string): Promise<string> {
  for (;;) {
    const now = stepAt(Date.now());
    const step = Math.max(now, (usedSteps.get(secret) ?? -1) + 1);
    if (step <= now + 1) {
      usedSteps.set(secret, step);
      return codeAt(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * PERIOD_MS - Date.now() + 250));
  }
}

/** Types `code` into a confirmation dialog's authenticator box and presses its confirm button. */
export async function confirmWithCode(dialog: Locator, code: string, confirmLabel: string) {
  await dialog.getByLabel(en.freshCode.label).fill(code);
  await dialog.getByRole('button', { name: confirmLabel, exact: true }).click();
}

export type NewOperator = { name: string; login: string; email: string; role: string };

/** The owner on `page` creates an operator on the Operators screen; answers the one-time password e-mailed to them. */
export async function createOperatorInConsole(
  app: AppProcess,
  page: Page,
  ownerCode: () => Promise<string>,
  operator: NewOperator,
): Promise<string> {
  await page.getByRole('link', { name: en.nav.operators, exact: true }).click();
  const form = page.getByRole('form', { name: en.operators.create });
  await form.getByLabel(en.operators.name).fill(operator.name);
  await form.getByLabel(en.operators.login).fill(operator.login);
  await form.getByLabel(en.operators.email).fill(operator.email);
  await form.getByLabel(en.operators.role).selectOption(operator.role);
  await form.getByRole('button', { name: en.operators.createSubmit }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(true);
  await confirmWithCode(dialog, await ownerCode(), en.operators.confirmCreate);
  const created = page.getByTestId('operator-created');
  // A refusal shows in the dialog: the poll then fails with its text rather than a bare timeout.
  const refusal = dialog.getByRole('alert');
  await expect
    .poll(async () => ((await created.isVisible()) ? 'created' : await refusal.allTextContents()), { timeout: 10_000 })
    .toBe('created');
  // The page says only where the password went; the password itself is in the operator's mailbox.
  const [local, domain] = operator.email.split('@');
  expect(await created.textContent()).toContain(
    en.operators.passwordSentTo.replace('{{to}}', `${local!.slice(0, 2)}••••@${domain}`),
  );
  const oneTimePassword = await latestCode(app, operator.email);
  expect(await page.content()).not.toContain(oneTimePassword);
  await expect.poll(() => page.getByRole('cell', { name: operator.login, exact: true }).count(), { timeout: 10_000 }).toBe(1);
  return oneTimePassword;
}
