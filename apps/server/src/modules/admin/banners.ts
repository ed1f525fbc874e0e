import { adminEndpoints, BANNER_MAX_BASE64_LENGTH, isAllowed } from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { createBanner, deleteBanner, listBannersForOperators, reorderBanners, updateBanner } from '../banners/manage-banners.ts';
import { adminRefusal, changeWithAudit, registerAdminEndpoint } from './register-admin-endpoint.ts';
import { authenticateOperator } from './operator-sessions.ts';
import type { BackOfficeContext } from './back-office-context.ts';

// The home carousel's banners in the console (decision 0023, "Banners"). Each change runs in one
// transaction with its audit row (the banner before and after, its image named by its SHA-256, never
// its bytes); players read them on /home/banners (banners/routes.ts).

/** The largest image in base64 and room for the rest of the form. */
export const BANNER_UPLOAD_BODY_LIMIT_BYTES = BANNER_MAX_BASE64_LENGTH + 16 * 1024;

export function registerBannerAdminRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, clock } = bo.app;

  registerAdminEndpoint(scope, bo, '/content/banners/list', async () => ({
    list: await listBannersForOperators(db, clock.now()),
  }));

  // Uploading carries the image, so its route alone takes a body beyond the API's 16 KiB; the session
  // and role are checked before that body is read, so only an editor can send that much.
  void scope.register(async (upload) => {
    upload.addHook('onRoute', (route) => {
      route.bodyLimit = BANNER_UPLOAD_BODY_LIMIT_BYTES;
    });
    upload.addHook('onRequest', async (request, reply) => {
      const declaredBytes = Number(request.headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(declaredBytes) && declaredBytes <= bo.app.config.bodyLimitBytes) return;
      const principal = await authenticateOperator(db, request.headers.authorization, clock.now());
      if (!principal || !isAllowed(adminEndpoints['/content/banners/create'].access, principal.operator.role))
        return reply.code(413).send(adminRefusal('PAYLOAD_TOO_LARGE'));
    });
    registerAdminEndpoint(upload, bo, '/content/banners/create', ({ input, principal, ...call }) =>
      changeWithAudit(db, call, (tx) => {
        const { imageBase64, fileName: _fileName, ...fields } = input;
        return createBanner(tx, imageBase64, fields, `operator:${principal.operator.login}`, clock.now());
      }),
    );
  });

  registerAdminEndpoint(scope, bo, '/content/banners/update', ({ input, principal, ...call }) =>
    changeWithAudit(db, call, (tx) => {
      const { id, ...fields } = input;
      return updateBanner(tx, id, fields, `operator:${principal.operator.login}`, clock.now());
    }),
  );

  registerAdminEndpoint(scope, bo, '/content/banners/reorder', ({ input, principal, audit, recordWithin }) =>
    db.transaction(async (tx) => {
      const change = await reorderBanners(tx, input.ids, `operator:${principal.operator.login}`, clock.now());
      audit.before = { order: change.before };
      audit.after = { order: change.after };
      await recordWithin(tx);
      return { list: change.list };
    }),
  );

  registerAdminEndpoint(scope, bo, '/content/banners/delete', ({ input, audit, recordWithin }) =>
    db.transaction(async (tx) => {
      audit.before = await deleteBanner(tx, input.id, clock.now());
      audit.after = null;
      await recordWithin(tx);
      return null;
    }),
  );
}
