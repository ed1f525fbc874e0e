import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { handedCommandOf, isFromHandleHolder, type EmbeddedHandle } from '../../platform/embedded-handle.ts';
import { refusal } from '../../platform/http/envelope.ts';
import { inviteBonusSettings } from '../agent/pay-invite-bonus.ts';
import { approvalRulesOf } from '../approvals/approval-rules.ts';
import { createPasswordHasher } from '../auth/passwords.ts';
import { runOperatorCommand } from './operator-commands.ts';

/**
 * Embedded mode only: the operator CLI on this machine hands its command to the server that holds
 * the database. Loopback callers with the handle's secret only; everything else is a plain 404.
 */
export function registerEmbeddedAdminRoute(app: FastifyInstance, ctx: AppContext, handle: () => EmbeddedHandle | null) {
  app.post('/internal/admin', async (request, reply) => {
    if (!isFromHandleHolder(handle(), request)) {
      return reply.code(404).send(refusal('NOT_FOUND'));
    }
    const handed = handedCommandOf(request.body);
    if (!handed) return reply.code(400).send(refusal('BAD_REQUEST'));
    const result = await runOperatorCommand(
      {
        db: ctx.db,
        clock: ctx.clock,
        log: ctx.log,
        gateway: ctx.gateway,
        inviteBonus: inviteBonusSettings(ctx.config),
        actor: handed.actor,
        hasher: createPasswordHasher(ctx.config.argon2),
        approvalRules: approvalRulesOf(ctx.config.admin),
      },
      handed.command,
      handed.args,
    );
    request.log.info({ command: handed.command, actor: handed.actor, isOk: result.isOk }, 'operator command');
    return result;
  });
}
