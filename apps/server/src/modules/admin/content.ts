import type { TSupportChannel } from '@mayur/contracts';
import type { FastifyInstance } from 'fastify';
import { listNoticesForOperators, saveNotice } from '../notices/manage-notices.ts';
import { listSupportContacts, removeSupportContact, saveSupportContact } from '../support/support-contacts.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { changeWithAudit, registerAdminEndpoint } from './register-admin-endpoint.ts';

// Content in the console: notices (their messages make the player app's announcement strip; the
// newest one's links make the notice dialog) and support contacts, per language. Every change is one
// audit row with the record before and after, written in the change's transaction; players read them on /user/findNotice,
// /user/getNoticeUrl and /user/getSupportChannels.

export function registerContentRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  const { db, clock } = bo.app;

  registerAdminEndpoint(scope, bo, '/content/notices/list', async () => ({
    list: await listNoticesForOperators(db, clock.now()),
  }));

  registerAdminEndpoint(scope, bo, '/content/notices/save', ({ input, principal, ...call }) =>
    changeWithAudit(db, call, (tx) => saveNotice(tx, input, `operator:${principal.operator.login}`, clock.now())),
  );

  registerAdminEndpoint(scope, bo, '/content/supportContacts/list', async () => {
    const { telegram, whatsapp, email } = bo.app.config.support;
    return {
      list: await listSupportContacts(db),
      fromSettings: [telegram, whatsapp, email].filter((channel): channel is TSupportChannel => channel !== undefined),
    };
  });

  registerAdminEndpoint(scope, bo, '/content/supportContacts/save', ({ input, principal, ...call }) =>
    changeWithAudit(db, call, (tx) => saveSupportContact(tx, input, `operator:${principal.operator.login}`, clock.now())),
  );

  registerAdminEndpoint(scope, bo, '/content/supportContacts/remove', ({ input, audit, recordWithin }) =>
    db.transaction(async (tx) => {
      audit.before = await removeSupportContact(tx, input.id);
      audit.after = null;
      await recordWithin(tx);
      return null;
    }),
  );
}
