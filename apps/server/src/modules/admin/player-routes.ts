import type { FastifyInstance } from 'fastify';
import { approveAdjustment, findAdjustments, rejectAdjustment, requestAdjustment } from './adjust-balance.ts';
import { approvalRulesOf } from '../approvals/approval-rules.ts';
import { consoleApprover } from '../approvals/approver.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { findDashboard } from './dashboard.ts';
import { freezePlayer, logOutEverywhere, unfreezePlayer, unlockPlayerWithdrawPassword } from './player-actions.ts';
import { exportPlayerTransfers, findPlayerPage, findPlayerTransferPage } from './player-page.ts';
import { auditWithin, registerAdminEndpoint } from './register-admin-endpoint.ts';

/** An adjustment's audit row, written in its decision's transaction with the request before and after. */

// The dashboard, the player's page and the actions on a player (the back office's part A), registered beside
// the other admin endpoints (routes.ts); the contract map (players-endpoints.ts, dashboard-endpoints.ts)
// says who may call each.

export function registerPlayerRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db } = bo.app;
  const threshold = bo.app.config.admin.secondApprovalAbovePaise;
  const adjustments = { db, clock: bo.app.clock, rules: approvalRulesOf(bo.app.config.admin) };

  registerAdminEndpoint(scope, bo, '/dashboard/summary', () => findDashboard(bo.app));

  registerAdminEndpoint(scope, bo, '/players/page', ({ input }) => findPlayerPage(bo.app, input.playerId));
  registerAdminEndpoint(scope, bo, '/players/transfers', ({ input }) => findPlayerTransferPage(db, input));
  registerAdminEndpoint(scope, bo, '/players/transfersExport', ({ input }) => exportPlayerTransfers(db, input));
  registerAdminEndpoint(scope, bo, '/players/freeze', ({ input, audit, recordWithin }) =>
    freezePlayer(bo, input, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/players/unfreeze', ({ input, audit, recordWithin }) =>
    unfreezePlayer(bo, input, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/players/logoutEverywhere', ({ input, audit, recordWithin }) =>
    logOutEverywhere(bo, input, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/players/unlockWithdrawPassword', ({ input, audit, recordWithin }) =>
    unlockPlayerWithdrawPassword(bo, input, { audit, recordWithin }),
  );

  registerAdminEndpoint(scope, bo, '/adjustments/list', ({ input }) => findAdjustments(db, input, threshold));
  registerAdminEndpoint(scope, bo, '/adjustments/request', async ({ input, principal, audit, recordWithin }) => {
    const requested = await requestAdjustment(
      adjustments,
      input,
      consoleApprover(principal.operator),
      auditWithin({ audit, recordWithin }),
    );
    return requested.adjustment;
  });
  registerAdminEndpoint(scope, bo, '/adjustments/approve', ({ input, principal, audit, recordWithin }) =>
    approveAdjustment(adjustments, input.adjustmentId, consoleApprover(principal.operator), auditWithin({ audit, recordWithin })),
  );
  registerAdminEndpoint(scope, bo, '/adjustments/reject', ({ input, principal, audit, recordWithin }) =>
    rejectAdjustment(adjustments, input.adjustmentId, consoleApprover(principal.operator), auditWithin({ audit, recordWithin })),
  );
}
