import { GIFT_REDEMPTIONS_LIMIT } from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { approvalRulesOf } from '../approvals/approval-rules.ts';
import { consoleApprover } from '../approvals/approver.ts';
import {
  approveGiftCode,
  createGiftCode,
  disableGiftCode,
  findGiftCode,
  findGiftRedemptions,
  listGiftCodes,
  rejectGiftCode,
} from '../gifts/gift-codes.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { auditWithin, registerAdminEndpoint } from './register-admin-endpoint.ts';

// Gift codes in the console: the use cases of modules/gifts the CLI's gift:* commands also call, with
// their maker-checker. Every change writes its audit row, with the code before and after, in the
// change's own transaction.

export function registerGiftCodeRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, clock } = bo.app;
  const rules = approvalRulesOf(bo.app.config.admin);

  registerAdminEndpoint(scope, bo, '/giftCodes/list', ({ input }) => listGiftCodes(db, input, clock.now()));

  registerAdminEndpoint(scope, bo, '/giftCodes/create', ({ input, principal, audit, recordWithin }) =>
    createGiftCode(
      db,
      {
        amountPaise: input.amount,
        uses: input.uses,
        target: input.target,
        expiresAt: input.expiresTime ? new Date(input.expiresTime) : null,
      },
      consoleApprover(principal.operator),
      rules,
      clock.now(),
      auditWithin({ audit, recordWithin }),
    ),
  );

  registerAdminEndpoint(scope, bo, '/giftCodes/approve', ({ input, principal, audit, recordWithin }) =>
    approveGiftCode(
      db,
      input.code,
      consoleApprover(principal.operator),
      rules,
      clock.now(),
      auditWithin({ audit, recordWithin }),
    ),
  );

  registerAdminEndpoint(scope, bo, '/giftCodes/reject', ({ input, principal, audit, recordWithin }) =>
    rejectGiftCode(db, input.code, consoleApprover(principal.operator), clock.now(), auditWithin({ audit, recordWithin })),
  );

  registerAdminEndpoint(scope, bo, '/giftCodes/redemptions', async ({ input }) => {
    const now = clock.now();
    const gift = await findGiftCode(db, input.code, now);
    return { gift, list: await findGiftRedemptions(db, input.code, GIFT_REDEMPTIONS_LIMIT) };
  });

  registerAdminEndpoint(scope, bo, '/giftCodes/disable', async ({ input, principal, audit, recordWithin }) => {
    const change = await disableGiftCode(
      db,
      input.code,
      `operator:${principal.operator.login}`,
      clock.now(),
      auditWithin({ audit, recordWithin }),
    );
    return change.after;
  });
}
