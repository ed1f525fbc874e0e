import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ADMIN_API_PREFIX } from '@mayur/contracts/admin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import { createAdminAddressReader, createAdminGate, type AdminGate } from './admin-gate.ts';
import {
  assignComplaint,
  closeComplaintAsOperator,
  complaintThread,
  listComplaints,
  replyToComplaint,
} from './admin-complaints.ts';
import { buildAdminOpenApiDocument } from './admin-openapi.ts';
import { AUDIT_EXPORT_MAX_ROWS } from '@mayur/contracts/admin';
import { exportAuditLog, findAuditLog } from './audit-log.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { findScreenshotForOperator } from '../complaints/operator-complaints.ts';
import { approveAsOperator, rejectAsOperator } from './decide-withdrawal-as-operator.ts';
import { registerDepositConfirmRoutes } from './deposit-confirm.ts';
import { registerGiftCodeRoutes } from './gift-codes.ts';
import { registerGamesRoutes, type GameOperatorReads } from './games-screen.ts';
import { registerContentRoutes } from './content.ts';
import { registerBannerAdminRoutes } from './banners.ts';
import { registerRiskRoutes } from './risk.ts';
import { registerAgentSettingsRoutes } from './agent-settings.ts';
import { findDepositQueue } from './find-deposit-queue.ts';
import { findWithdrawalQueue } from './find-withdrawal-queue.ts';
import { registerPlayerRoutes } from './player-routes.ts';
import { searchPlayers } from './search-players.ts';
import {
  approveOwnerRequest,
  createOperatorAsOwner,
  disableOperatorAsOwner,
  rejectOwnerRequest,
  resetOperatorAsOwner,
} from './operator-powers.ts';
import { listOperators, operatorView } from './operators.ts';
import { listOwnerRequests } from './owner-requests.ts';
import { adminRefusal, auditWithin, registerAdminEndpoint } from './register-admin-endpoint.ts';
import { changeOwnPassword, confirmEnrolment, signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';
import { deriveTotpKey } from './totp.ts';

// The back office: its API under /admin-api and the console (apps/admin/dist) under /admin, both
// behind the gate (ADMIN_ENABLED, ADMIN_ALLOWED_IPS): outside it every path answers a plain 404.

export const ADMIN_PAGE_PREFIX = '/admin';

/** `gameReads`: each game's read-only reads for the games screen (app.ts), so the back office imports no game. */
export async function registerBackOffice(
  app: FastifyInstance,
  ctx: AppContext,
  hasher: PasswordHasher,
  gameReads: readonly GameOperatorReads[],
) {
  const gate = createAdminGate(ctx.config.admin);
  // Production starts without ADMIN_ALLOWED_IPS only when ADMIN_ALLOW_ANY_ADDRESS says so (config.ts).
  if (ctx.config.isProduction && ctx.config.admin.isEnabled && ctx.config.admin.allowedIps.length === 0)
    ctx.log.warn('the back office is open to every address (ADMIN_ALLOW_ANY_ADDRESS=true)');
  const bo: BackOfficeContext = {
    app: ctx,
    hasher,
    totpKey: deriveTotpKey(ctx.config.admin.totpKeySecret),
    addressOf: createAdminAddressReader(ctx.config.admin.trustedProxies),
  };

  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        if (!gate(request)) return reply.code(404).send(adminRefusal('NOT_FOUND'));
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex, nofollow');
      });
      scope.setNotFoundHandler((_request, reply) => reply.code(404).send(adminRefusal('NOT_FOUND')));
      if (ctx.config.isApiDocsServed) scope.get('/openapi.json', async () => buildAdminOpenApiDocument());
      registerAdminRoutes(scope, bo);
      registerGamesRoutes(scope, bo, gameReads);
    },
    { prefix: ADMIN_API_PREFIX },
  );
  await app.register(async (scope) => registerConsole(scope, ctx.config.admin.distDir, gate), { prefix: ADMIN_PAGE_PREFIX });
}

function registerAdminRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, clock } = bo.app;

  registerAdminEndpoint(scope, bo, '/auth/signIn', ({ input, meta, audit }) => signIn(bo, input, meta, audit));
  registerAdminEndpoint(scope, bo, '/auth/confirmEnrolment', ({ input, meta, audit, recordWithin }) =>
    confirmEnrolment(bo, input, meta, audit, recordWithin),
  );
  registerAdminEndpoint(scope, bo, '/auth/signOut', ({ principal, recordWithin }) =>
    signOut(bo, principal.sessionId, recordWithin),
  );
  registerAdminEndpoint(scope, bo, '/auth/me', async ({ principal }) => ({
    operator: operatorView(principal.operator),
    expiresAtMs: principal.expiresAt.getTime(),
  }));

  registerAdminEndpoint(scope, bo, '/auth/changePassword', ({ input, principal, meta, recordWithin }) =>
    changeOwnPassword(bo, principal.operator, principal.sessionId, input, meta, recordWithin),
  );
  registerAdminEndpoint(scope, bo, '/operators/list', async () => ({ list: await listOperators(db) }));
  registerAdminEndpoint(scope, bo, '/operators/create', ({ input, principal, audit, recordWithin }) =>
    createOperatorAsOwner(bo, input, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/operators/disable', ({ input, principal, audit, recordWithin }) =>
    disableOperatorAsOwner(bo, input, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/operators/reset', ({ input, principal, audit, recordWithin }) =>
    resetOperatorAsOwner(bo, input, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/ownerRequests/list', async () => ({ list: await listOwnerRequests(db) }));
  registerAdminEndpoint(scope, bo, '/ownerRequests/approve', ({ input, principal, audit, recordWithin }) =>
    approveOwnerRequest(bo, input, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/ownerRequests/reject', ({ input, principal, audit, recordWithin }) =>
    rejectOwnerRequest(bo, input, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/audit/list', ({ input }) => findAuditLog(db, input));
  registerAdminEndpoint(scope, bo, '/audit/export', ({ input }) => exportAuditLog(db, input, AUDIT_EXPORT_MAX_ROWS));

  registerAdminEndpoint(scope, bo, '/complaints/list', ({ input, principal }) =>
    listComplaints(db, input.status, input.assignee, principal.operator.id),
  );
  registerAdminEndpoint(scope, bo, '/complaints/assign', async ({ input, audit, recordWithin }) => {
    const change = await assignComplaint(db, input.complaint, input.operatorId, auditWithin({ audit, recordWithin }));
    return change.after;
  });
  registerAdminEndpoint(scope, bo, '/complaints/thread', ({ input }) => complaintThread(db, input.complaint));
  registerAdminEndpoint(scope, bo, '/complaints/screenshot', async ({ input }) => {
    const screenshot = await findScreenshotForOperator(db, input.screenshotId);
    return {
      type: screenshot.type,
      width: screenshot.width,
      height: screenshot.height,
      sha256: screenshot.sha256,
      dataBase64: Buffer.from(screenshot.bytes).toString('base64'),
    };
  });
  registerAdminEndpoint(scope, bo, '/complaints/reply', async ({ input, principal, audit, recordWithin }) => {
    const change = await replyToComplaint(
      db,
      input.complaint,
      principal.operator.name,
      input.text,
      clock.now(),
      auditWithin({ audit, recordWithin }),
    );
    return change.after;
  });
  registerAdminEndpoint(scope, bo, '/complaints/close', async ({ input, principal, audit, recordWithin }) => {
    const change = await closeComplaintAsOperator(
      db,
      input.complaint,
      principal.operator.name,
      input.text,
      clock.now(),
      auditWithin({ audit, recordWithin }),
    );
    return change.after;
  });

  registerAdminEndpoint(scope, bo, '/deposits/list', ({ input }) => findDepositQueue(db, input));
  registerAdminEndpoint(scope, bo, '/players/search', ({ input }) => searchPlayers(db, input.query));
  registerAdminEndpoint(scope, bo, '/withdrawals/list', ({ input }) =>
    findWithdrawalQueue(db, input, bo.app.config.admin.secondApprovalAbovePaise),
  );
  registerAdminEndpoint(scope, bo, '/withdrawals/approve', ({ input, principal, audit, recordWithin }) =>
    approveAsOperator(bo, input.withdrawNo, principal.operator, { audit, recordWithin }),
  );
  registerAdminEndpoint(scope, bo, '/withdrawals/reject', ({ input, principal, audit, recordWithin }) =>
    rejectAsOperator(bo, input.withdrawNo, principal.operator, input.reason, { audit, recordWithin }),
  );
  registerPlayerRoutes(scope, bo);

  registerDepositConfirmRoutes(scope, bo);
  registerGiftCodeRoutes(scope, bo);
  registerContentRoutes(scope, bo);
  registerBannerAdminRoutes(scope, bo);
  registerRiskRoutes(scope, bo);
  registerAgentSettingsRoutes(scope, bo);
}

/** The built console: its files, and its index.html for every other path under /admin (its router's). */
async function registerConsole(scope: FastifyInstance, distDir: string, gate: AdminGate) {
  scope.addHook('onRequest', async (request, reply) => {
    if (!gate(request)) return reply.code(404).send(adminRefusal('NOT_FOUND'));
    reply.header('x-robots-tag', 'noindex, nofollow');
  });
  const indexFile = path.join(distDir, 'index.html');
  if (fs.existsSync(indexFile)) {
    await scope.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      decorateReply: false,
      wildcard: true,
      index: false,
      setHeaders(response, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendIndex = async (request: { method: string; url: string }, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || request.url.startsWith(`${ADMIN_PAGE_PREFIX}/assets/`) || !fs.existsSync(indexFile))
      return reply.code(404).send(adminRefusal('NOT_FOUND'));
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(indexFile));
  };
  scope.get('/', sendIndex);
  scope.setNotFoundHandler(sendIndex);
}
