import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { sendCode } from '../codes/send-code.ts';
import { changeWithdrawPassword } from './change-withdraw-password.ts';
import { login } from './login.ts';
import type { PasswordHasher } from './passwords.ts';
import { register } from './register.ts';
import { resetPassword } from './reset-password.ts';
import { logOut } from './log-out.ts';
import { thirdLogin } from './third-login.ts';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, hasher: PasswordHasher) {
  registerEndpoint(app, ctx, '/smsserver/getCode', ({ input, meta }) => sendCode(ctx, 'sms', input.mobile, meta));
  registerEndpoint(app, ctx, '/smsserver/getEmailCode', ({ input, meta }) => sendCode(ctx, 'email', input.email, meta));

  registerEndpoint(app, ctx, '/user/findRegistSwitch', async () => ({
    registerOpen: ctx.config.registration.isOpen,
    invitationCodeRequired: ctx.config.registration.isInvitationCodeRequired,
  }));
  registerEndpoint(app, ctx, '/user/regist', ({ input, meta }) =>
    register(ctx, hasher, { ...input, identity: { kind: 'mobile', value: input.mobile } }, meta),
  );
  registerEndpoint(app, ctx, '/user/emailRegist', ({ input, meta }) =>
    register(ctx, hasher, { ...input, identity: { kind: 'email', value: input.email } }, meta),
  );

  registerEndpoint(app, ctx, '/user/login', ({ input, meta }) =>
    login(ctx, hasher, { kind: 'mobile', value: input.mobile }, input.password, meta),
  );
  registerEndpoint(app, ctx, '/user/emailLogin', ({ input, meta }) =>
    login(ctx, hasher, { kind: 'email', value: input.email }, input.password, meta),
  );
  registerEndpoint(app, ctx, '/user/logout', async ({ session }) => {
    await logOut(ctx, session);
    return null;
  });
  registerEndpoint(app, ctx, '/third/login', ({ input, meta }) => thirdLogin(ctx, input.token, meta));

  registerEndpoint(app, ctx, '/user/fogetPSW', ({ input, meta }) =>
    resetPassword(ctx, hasher, { kind: 'mobile', value: input.mobile }, input.code, input.password, meta),
  );
  registerEndpoint(app, ctx, '/user/fogetPSWEmail', ({ input, meta }) =>
    resetPassword(ctx, hasher, { kind: 'email', value: input.email }, input.code, input.password, meta),
  );
  registerEndpoint(app, ctx, '/user/changeWithdrawPsw', ({ input, session, meta }) =>
    changeWithdrawPassword(
      ctx,
      hasher,
      session,
      { kind: 'mobile', value: input.mobile },
      input.code,
      input.withdrawPassword,
      meta,
    ),
  );
  registerEndpoint(app, ctx, '/user/changeWithdrawPswEmail', ({ input, session, meta }) =>
    changeWithdrawPassword(ctx, hasher, session, { kind: 'email', value: input.email }, input.code, input.withdrawPassword, meta),
  );
}
