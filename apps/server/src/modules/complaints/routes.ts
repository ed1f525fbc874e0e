import { SCREENSHOT_MAX_BASE64_LENGTH, SCREENSHOT_MAX_COUNT } from '@mayur/rules/complaint-rules';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { authenticate } from '../../platform/http/authenticate.ts';
import { refusal } from '../../platform/http/envelope.ts';
import { API_PREFIX, registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { addComplaint } from './add-complaint.ts';
import { countUnreadAnswers } from './complaint-view.ts';
import { findComplaint } from './find-complaint.ts';
import { findComplaintRecords } from './find-complaint-records.ts';
import { findComplaints } from './find-complaints.ts';
import { findScreenshot } from './find-screenshot.ts';
import { markComplaintRead } from './mark-complaint-read.ts';
import { replyComplaint } from './reply-complaint.ts';

/** Three screenshots at their largest in base64, and room for the rest of the form. */
export const ADD_COMPLAINT_BODY_LIMIT_BYTES = SCREENSHOT_MAX_COUNT * SCREENSHOT_MAX_BASE64_LENGTH + 16 * 1024;

export const SCREENSHOT_PATH = `${API_PREFIX}/complaints/screenshots/:id`;

export function registerComplaintRoutes(app: FastifyInstance, ctx: AppContext) {
  registerEndpoint(app, ctx, '/user/findComplaints', ({ input, session }) => findComplaints(ctx.db, session.userId, input));
  registerEndpoint(app, ctx, '/user/findComplaint', ({ input, session }) => findComplaint(ctx.db, session.userId, input.id));
  registerEndpoint(app, ctx, '/user/replyComplaint', ({ input, session }) =>
    replyComplaint(ctx, session.userId, input.id, input.text),
  );
  registerEndpoint(app, ctx, '/user/readComplaint', ({ input, session }) => markComplaintRead(ctx.db, session.userId, input.id));
  registerEndpoint(app, ctx, '/user/unreadComplaints', async ({ session }) => ({
    unreadCount: await countUnreadAnswers(ctx.db, session.userId),
  }));
  registerEndpoint(app, ctx, '/user/findComplaintRecords', ({ session }) => findComplaintRecords(ctx.db, session.userId));

  // Filing carries the screenshots, so its route alone takes a body beyond the API's 16 KiB. The
  // session is checked before the body is read: without one, the API's usual limit holds (and a body
  // of unknown length is refused), so only a signed-in player can send that much.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.bodyLimit = ADD_COMPLAINT_BODY_LIMIT_BYTES;
    });
    scope.addHook('onRequest', async (request, reply) => {
      const declaredBytes = Number(request.headers['content-length'] ?? Number.NaN);
      const isWithinApiLimit = Number.isFinite(declaredBytes) && declaredBytes <= ctx.config.bodyLimitBytes;
      if (!isWithinApiLimit && !(await authenticate(ctx, request.headers.authorization)))
        return reply.code(413).send(refusal('PAYLOAD_TOO_LARGE'));
    });
    registerEndpoint(scope, ctx, '/user/addComplaints', ({ input, session }) => addComplaint(ctx, session.userId, input));
  });

  // The screenshot itself, to its owner only, with the type read from its bytes when it was filed and
  // nothing a browser could run: no sniffing, a sandboxing policy, never cached by a shared cache.
  app.get<{ Params: { id: string } }>(SCREENSHOT_PATH, async (request, reply) => {
    const session = await authenticate(ctx, request.headers.authorization);
    if (!session) return reply.code(401).send(refusal('UNAUTHORIZED'));
    const screenshot = await findScreenshot(ctx.db, session.userId, request.params.id);
    if (!screenshot) return reply.code(404).send(refusal('NOT_FOUND'));
    return reply
      .header('content-type', screenshot.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${screenshot.fileName}"`)
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(screenshot.bytes.buffer, screenshot.bytes.byteOffset, screenshot.bytes.byteLength));
  });
}
