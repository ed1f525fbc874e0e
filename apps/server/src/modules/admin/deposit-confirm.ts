import { formatMoney } from '@mayur/rules/money';
import type { FastifyInstance } from 'fastify';
import { Refusal } from '../../platform/refusal.ts';
import { inviteBonusSettings } from '../agent/pay-invite-bonus.ts';
import { formatUsdtMicro } from '../payments/order-numbers.ts';
import { confirmUsdtDeposit } from '../payments/recharge/confirm-usdt-deposit.ts';
import { findDepositEvents } from '../payments/recharge/find-deposit-events.ts';
import { returnHeldDeposit } from '../payments/recharge/return-held-deposit.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { findDepositOrder } from './find-deposit-queue.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// Recharge orders in the console beyond the list: the events the gateway (or the USDT watcher) sent for
// one order, the USDT confirmation by hand, and the return of a held recharge to its payer, through the
// use cases the CLI's deposit:confirm and deposit:return call, each audited in its own transaction.

const PAYLOAD_MAX_CHARACTERS = 4000;

export function registerDepositConfirmRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, log } = bo.app;

  registerAdminEndpoint(scope, bo, '/deposits/events', async ({ input }) => {
    const order = await findDepositOrder(db, input.orderNo);
    if (!order) throw new Refusal('ORDER_NOT_FOUND', `no recharge order ${input.orderNo}`);
    const events = await findDepositEvents(db, input.orderNo);
    return {
      order,
      events: events.map((event) => ({
        provider: event.provider,
        eventId: event.eventId,
        outcome: event.outcome,
        payload: JSON.stringify(event.payload).slice(0, PAYLOAD_MAX_CHARACTERS),
        receivedTime: event.receivedAt.toISOString(),
      })),
    };
  });

  registerAdminEndpoint(scope, bo, '/deposits/confirm', async ({ input, principal, audit, recordWithin }) => {
    audit.before = { orderNo: input.orderNo, status: (await findDepositOrder(db, input.orderNo))?.status ?? null };
    const confirmed = await confirmUsdtDeposit(
      { db, log, inviteBonus: inviteBonusSettings(bo.app.config), clock: bo.app.clock },
      input.orderNo,
      `operator:${principal.operator.login}`,
      async (tx, outcome) => {
        audit.after = { orderNo: input.orderNo, status: outcome === 'held' ? 'held' : 'completed' };
        await recordWithin(tx);
      },
    );
    return {
      orderNo: confirmed.orderNo,
      playerId: confirmed.playerId,
      amount: formatMoney(confirmed.amountPaise),
      usdtAmount: formatUsdtMicro(confirmed.usdtMicro),
    };
  });

  registerAdminEndpoint(scope, bo, '/deposits/return', async ({ input, principal, audit, recordWithin }) => {
    // A refusal (unknown, not held, already returned) is the use case's own code, thrown before anything moves.
    const returned = await returnHeldDeposit(
      { db, log },
      input.orderNo,
      `operator:${principal.operator.login}`,
      async (tx, done) => {
        const amount = formatMoney(done.amountPaise);
        audit.before = { orderNo: done.orderNo, status: 'held', heldReason: done.heldReason, amount };
        audit.after = { orderNo: done.orderNo, status: 'returned' };
        await recordWithin(tx);
      },
    );
    return {
      orderNo: returned.orderNo,
      playerId: returned.playerId,
      amount: formatMoney(returned.amountPaise),
      heldReason: returned.heldReason,
    };
  });
}
