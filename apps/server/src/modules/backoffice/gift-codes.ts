import { GIFT_REDEMPTIONS_LIMIT } from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { createGiftCode, disableGiftCode, findGiftCode, findGiftRedemptions, listGiftCodes } from '../gifts/gift-codes.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// Gift codes in the console: the use cases of modules/gifts the CLI's gift:create also calls. Creating
// and disabling are audited with the code before and after.

export function registerGiftCodeRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, clock } = bo.app;

  registerAdminEndpoint(scope, bo, '/giftCodes/list', ({ input }) => listGiftCodes(db, input, clock.now()));

  registerAdminEndpoint(scope, bo, '/giftCodes/create', async ({ input, principal, audit }) => {
    const gift = await createGiftCode(
      db,
      {
        amountPaise: input.amount,
        uses: input.uses,
        target: input.target,
        expiresAt: input.expiresTime ? new Date(input.expiresTime) : null,
        createdBy: `operator:${principal.operator.login}`,
      },
      clock.now(),
    );
    audit.before = null;
    audit.after = gift;
    return gift;
  });

  registerAdminEndpoint(scope, bo, '/giftCodes/redemptions', async ({ input }) => {
    const now = clock.now();
    const gift = await findGiftCode(db, input.code, now);
    return { gift, list: await findGiftRedemptions(db, input.code, GIFT_REDEMPTIONS_LIMIT) };
  });

  registerAdminEndpoint(scope, bo, '/giftCodes/disable', async ({ input, principal, audit }) => {
    const change = await disableGiftCode(db, input.code, `operator:${principal.operator.login}`, clock.now());
    audit.before = change.before;
    audit.after = change.after;
    return change.after;
  });
}
