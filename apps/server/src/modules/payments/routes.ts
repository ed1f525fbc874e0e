import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { registerGatewayCallback } from './gateways/callback-route.ts';
import type { PaymentGateway } from './gateways/payment-gateway.ts';
import { registerSandboxPages } from './gateways/sandbox-page.ts';
import { addPayoutAccount } from './payout-accounts/add-payout-account.ts';
import { deletePayoutAccount } from './payout-accounts/delete-payout-account.ts';
import { editPayoutAccount } from './payout-accounts/edit-payout-account.ts';
import { findPayoutAccounts } from './payout-accounts/find-payout-accounts.ts';
import { findRechargeList } from './recharge/find-recharge-list.ts';
import { openDepositOrder } from './recharge/open-deposit-order.ts';
import { openUsdtOrder } from './recharge/open-usdt-order.ts';
import { rechargeInfo, usdtRechargeInfo } from './recharge/recharge-info.ts';
import { usdtTransferFinish } from './recharge/usdt-transfer-finish.ts';
import { findWithdrawList } from './withdraw/find-withdraw-list.ts';
import { requestWithdrawal } from './withdraw/request-withdrawal.ts';
import { withdrawInfo } from './withdraw/withdraw-info.ts';

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, hasher: PasswordHasher, gateway: PaymentGateway) {
  registerEndpoint(app, ctx, '/cash/findBankCard', ({ input, session }) =>
    findPayoutAccounts(ctx.db, session.userId, input.group),
  );
  registerEndpoint(app, ctx, '/cash/addBankCard', ({ input, session }) => {
    const { withdrawPassword, ...fields } = input;
    return addPayoutAccount(ctx, hasher, session.userId, fields, withdrawPassword);
  });
  registerEndpoint(app, ctx, '/cash/addBankCardNew', ({ input, session }) =>
    addPayoutAccount(ctx, hasher, session.userId, { kind: 'usdt', usdtAccount: input.usdtAccount }, input.withdrawPassword),
  );
  registerEndpoint(app, ctx, '/cash/editBankCard', ({ input, session }) => editPayoutAccount(ctx, hasher, session.userId, input));
  registerEndpoint(app, ctx, '/cash/delBankCard', ({ input, session }) =>
    deletePayoutAccount(ctx, hasher, session.userId, input.id, input.withdrawPassword),
  );

  registerEndpoint(app, ctx, '/cash/findRechargeInfo', async () => rechargeInfo(ctx.config.payments));
  registerEndpoint(app, ctx, '/cash/payNew', ({ input, session }) => openDepositOrder(ctx, gateway, session.userId, input));
  registerEndpoint(app, ctx, '/cash/findUsdtRechargeInfo', async () => usdtRechargeInfo(ctx.config.payments));
  registerEndpoint(app, ctx, '/cash/usdtAddressPay', ({ input, session }) =>
    openUsdtOrder(ctx, session.userId, { amountCents: input.amount, requestKey: input.requestKey }),
  );
  registerEndpoint(app, ctx, '/cash/usdtTransferFinish', ({ input, session }) =>
    usdtTransferFinish(ctx.db, session.userId, input.orderNo),
  );
  registerEndpoint(app, ctx, '/cash/findRechargeList', ({ input, session }) => findRechargeList(ctx.db, session.userId, input));

  registerEndpoint(app, ctx, '/cash/findWithdrawInfo', ({ session }) => withdrawInfo(ctx, session.userId));
  registerEndpoint(app, ctx, '/cash/withdrawNew', ({ input, session }) => requestWithdrawal(ctx, hasher, session.userId, input));
  registerEndpoint(app, ctx, '/cash/findWithdrawList', ({ input, session }) => findWithdrawList(ctx.db, session.userId, input));

  registerGatewayCallback(app, ctx, gateway);
  if (gateway.name === 'sandbox') registerSandboxPages(app, ctx);
}
