import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { findActivityStatement, findSessionResult } from './activity-statement.ts';
import { cancelLimitChange, changeLimit, confirmLimitChange } from './change-limit.ts';
import { continuePlaying, startPlaySession } from './play-session.ts';
import { findProtectionState } from './protection-state.ts';
import { setRealityCheck, startExclusion, type ExclusionStarted } from './start-exclusion.ts';

/**
 * Player protection (decision 0022): every endpoint acts on the signed-in player's own settings only.
 * `onExclusionStarted` is what other modules do when an exclusion starts (wired by the app).
 */
export function registerProtectionRoutes(app: FastifyInstance, ctx: AppContext, onExclusionStarted: ExclusionStarted) {
  registerEndpoint(app, ctx, '/protection/state', ({ session }) => findProtectionState(ctx.db, ctx.clock.now(), session.userId));
  registerEndpoint(app, ctx, '/protection/setLimit', ({ input, session }) =>
    changeLimit(ctx, session.userId, { kind: input.kind, period: input.period }, input.amount),
  );
  registerEndpoint(app, ctx, '/protection/removeLimit', ({ input, session }) => changeLimit(ctx, session.userId, input, null));
  registerEndpoint(app, ctx, '/protection/confirmLimit', ({ input, session }) => confirmLimitChange(ctx, session.userId, input));
  registerEndpoint(app, ctx, '/protection/cancelLimitChange', ({ input, session }) =>
    cancelLimitChange(ctx, session.userId, input),
  );
  registerEndpoint(app, ctx, '/protection/startExclusion', ({ input, session }) =>
    startExclusion(ctx, session.userId, input.duration, onExclusionStarted),
  );
  registerEndpoint(app, ctx, '/protection/setRealityCheck', ({ input, session }) =>
    setRealityCheck(ctx, session.userId, input.minutes as 0 | 15 | 30 | 60),
  );
  registerEndpoint(app, ctx, '/protection/playSession', ({ session }) =>
    startPlaySession(ctx.db, ctx.clock.now(), session.tokenHash),
  );
  registerEndpoint(app, ctx, '/protection/continuePlaying', ({ session }) =>
    continuePlaying(ctx.db, ctx.clock.now(), session.tokenHash),
  );
  registerEndpoint(app, ctx, '/protection/sessionResult', ({ input, session }) =>
    findSessionResult(ctx, session.userId, new Date(input.since)),
  );
  registerEndpoint(app, ctx, '/protection/statement', ({ input, session }) =>
    findActivityStatement(ctx, session.userId, input.months),
  );
  const organisations = ctx.config.helpOrganisations;
  registerEndpoint(app, ctx, '/protection/helpOrganisations', async () => ({ organisations }));
}
