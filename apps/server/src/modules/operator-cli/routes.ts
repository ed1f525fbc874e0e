import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { isSameToken, type EmbeddedHandle } from '../../platform/embedded-handle.ts';
import { refusal } from '../../platform/http/envelope.ts';
import { inviteBonusSettings } from '../agent/pay-invite-bonus.ts';
import { approvalRulesOf } from '../approvals/approval-rules.ts';
import { createPasswordHasher } from '../auth/passwords.ts';
import { runOperatorCommand } from './operator-commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Embedded mode only: the operator CLI on this machine hands its command to the server that holds
 * the database. Loopback callers with the handle's secret only; everything else is a plain 404.
 */
export function registerEmbeddedAdminRoute(app: FastifyInstance, ctx: AppContext, handle: () => EmbeddedHandle | null) {
  app.post('/internal/admin', async (request, reply) => {
    const current = handle();
    const socketAddress = request.socket.remoteAddress ?? '';
    if (!current || !LOOPBACK.has(socketAddress) || !isSameToken(current.adminToken, request.headers['x-admin-token'])) {
      return reply.code(404).send(refusal('NOT_FOUND'));
    }
    const body = (request.body ?? {}) as { command?: unknown; args?: unknown; actor?: unknown };
    if (
      typeof body.command !== 'string' ||
      typeof body.actor !== 'string' ||
      typeof body.args !== 'object' ||
      body.args === null
    ) {
      return reply.code(400).send(refusal('BAD_REQUEST'));
    }
    const args = Object.fromEntries(
      Object.entries(body.args).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const result = await runOperatorCommand(
      {
        db: ctx.db,
        clock: ctx.clock,
        log: ctx.log,
        gateway: ctx.gateway,
        inviteBonus: inviteBonusSettings(ctx.config),
        actor: body.actor.slice(0, 100),
        hasher: createPasswordHasher(ctx.config.argon2),
        approvalRules: approvalRulesOf(ctx.config.admin),
      },
      body.command,
      args,
    );
    request.log.info({ command: body.command, actor: body.actor, isOk: result.isOk }, 'operator command');
    return result;
  });
}
