// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '../../shared/api/session.ts';
import en from '../../shared/i18n/locales/en.json';
import { callsTo, fakeAdminApi, renderScreen } from '../../shared/testing/console-test-kit.tsx';
import { SignInScreen } from './sign-in-screen.tsx';

// One form sends login, password and code together: the server answers every failure alike (a right
// password alone is never confirmed), an operator who never enrolled leaves the code empty and gets
// the enrolment step, and a throttled login is told that a recovery code still works.

const operator = {
  id: '7',
  name: 'Asha',
  login: 'asha@ops.test',
  role: 'support' as const,
  isDisabled: false,
  isTotpEnrolled: true,
  createTime: '2025-01-01T00:00:00.000Z',
  lastSignInTime: null,
};

async function fillIn(login: string, password: string, code: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(en.signIn.login), login);
  await user.type(screen.getByLabelText(en.signIn.password), password);
  if (code) await user.type(screen.getByLabelText(new RegExp(`^${en.signIn.code}`)), code);
  await user.click(screen.getByRole('button', { name: en.signIn.submit }));
}

describe('the sign-in screen', () => {
  it('sends the password and the code in one request and keeps the session for every tab', async () => {
    const calls = fakeAdminApi({
      '/auth/signIn': { status: 'signedIn', token: 'op_token', expiresAtMs: Date.now() + 3_600_000, operator },
    });
    renderScreen(<SignInScreen />);
    await fillIn('asha@ops.test', 'a long enough password', '123456');
    await waitFor(() => expect(readSession()?.token).toBe('op_token'));
    expect(callsTo(calls, '/auth/signIn')).toEqual([
      { path: '/auth/signIn', body: { login: 'asha@ops.test', password: 'a long enough password', code: '123456' } },
    ]);
    expect(localStorage.getItem('mayur-admin-session')).toContain('op_token');
  });

  it('shows the one refusal the server gives for a wrong password or a wrong code', async () => {
    fakeAdminApi({ '/auth/signIn': { refusal: 'SIGN_IN_FAILED' } });
    renderScreen(<SignInScreen />);
    await fillIn('asha@ops.test', 'a long enough password', '');
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.SIGN_IN_FAILED);
    expect(screen.queryByTestId('throttled-hint')).toBeNull();
    expect(readSession()).toBeNull();
  });

  it('says that a recovery code still signs in when the login is throttled', async () => {
    fakeAdminApi({ '/auth/signIn': { refusal: 'SIGN_IN_THROTTLED' } });
    renderScreen(<SignInScreen />);
    await fillIn('asha@ops.test', 'a long enough password', '654321');
    expect((await screen.findByRole('alert')).textContent).toBe(en.errors.SIGN_IN_THROTTLED);
    expect(screen.getByTestId('throttled-hint').textContent).toBe(en.signIn.throttledHint);
  });

  it('leads an operator who never enrolled, code left empty, to the enrolment step', async () => {
    const calls = fakeAdminApi({
      '/auth/signIn': {
        status: 'enrolmentRequired',
        enrolmentToken: 'enrol-token',
        otpauthUri: 'otpauth://totp/Mayur:new%40ops.test?secret=JBSWY3DPEHPK3PXP&issuer=Mayur',
        qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
        recoveryCodes: ['AAAAA-BBBBB'],
      },
    });
    renderScreen(<SignInScreen />);
    await fillIn('new@ops.test', 'the one-time password', '');
    expect(await screen.findByTestId('totp-qr')).toBeTruthy();
    expect(callsTo(calls, '/auth/signIn')[0]!.body).toEqual({
      login: 'new@ops.test',
      password: 'the one-time password',
      code: '',
    });
    expect(readSession()).toBeNull();
  });
});
