import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppProcess } from './app-process.ts';
import { readLocale } from './locales.ts';
import { latestCode, operator } from './operator.ts';

// Every browser test makes its own player through the API (registration with a code from the
// development outbox), so no test depends on what another did to a shared account.

const en = readLocale('en-US');

export type Player = { mobile: string; password: string; token: string; nickName: string };

type Envelope<T> = { res: 1; obj: T } | { res: 0 | 401; code?: string; resMsg: string };

/** Calls the player API as the web app does; fails the test on a refusal. */
export async function callApi<T = any>(app: AppProcess, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope, `${path} ${JSON.stringify(body)} → ${JSON.stringify(envelope)}`).toMatchObject({ res: 1 });
  return (envelope as { obj: T }).obj;
}

/** A fresh mobile number (Indian, starting with 9), so players never collide within an app. */
function freshMobile(): string {
  return `9${String(randomInt(100_000_000, 999_999_999))}`;
}

/** Registers a new player; with `cashRupees`, an operator credits that much cash first. */
export async function newPlayer(app: AppProcess, options: { cashRupees?: number } = {}): Promise<Player> {
  const mobile = freshMobile();
  const password = `Pass-${mobile.slice(-4)}-e2e`;
  await callApi(app, '/smsserver/getCode', { mobile });
  const code = await latestCode(app, mobile);
  const registered = await callApi<{ token: string; user: { nickName: string } }>(app, '/user/regist', {
    mobile,
    password,
    code,
    ageConfirmed: true,
    riskAccepted: true,
  });
  if (options.cashRupees) {
    operator(
      app,
      'user:adjust',
      '--user',
      mobile,
      '--amount',
      String(options.cashRupees),
      '--reason',
      'e2e',
      '--key',
      `e2e-${mobile}`,
    );
  }
  return { mobile, password, token: registered.token, nickName: registered.user.nickName };
}

/** Logs in through the login screen and waits for the profile. */
export async function logInThroughScreen(page: Page, player: Pick<Player, 'mobile' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(en.auth.mobileLabel).fill(player.mobile);
  await page.getByLabel(en.auth.passwordLabel, { exact: true }).fill(player.password);
  await page.getByRole('button', { name: en.auth.loginButton }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/mine$/);
}
