import { maskAccount } from '../agent/mask-account.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { BackOfficeContext } from './back-office-context.ts';

// A new or reset operator's one-time password goes to their own e-mail through the configured
// provider (EMAIL_PROVIDER: the outbox in development, SMTP in production), never to the owner who
// made or reset the account: an owner who saw it could sign in as that operator and be their own
// second person. It is sent inside the change's transaction, so an account whose password could not
// be delivered is not made (the owner tries again).

export async function mailOneTimePassword(
  bo: BackOfficeContext,
  operator: { login: string; name: string; email: string | null },
  oneTimePassword: string,
): Promise<string> {
  if (!operator.email) throw new Refusal('OPERATOR_EMAIL_MISSING', `operator ${operator.login} has no e-mail address`);
  try {
    await bo.app.codeDelivery.send({
      channel: 'email',
      destination: operator.email,
      code: oneTimePassword,
      subject: 'Your Mayur back office account',
      text: [
        `Hello ${operator.name},`,
        `your Mayur back office account "${operator.login}" has a one-time password: ${oneTimePassword}`,
        'Sign in at /admin with it, enrol two-factor and choose a password of your own. Nobody else has seen it;',
        'if you did not expect this e-mail, tell your security contact.',
      ].join('\n'),
    });
  } catch (error) {
    bo.app.log.error({ err: error, login: operator.login }, 'one-time password e-mail could not be sent');
    throw new Refusal('TRY_AGAIN', 'the one-time password e-mail could not be sent', { httpStatus: 503 });
  }
  return maskAccount({ mobile: null, email: operator.email });
}
