import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { registerEndpoint } from '../../platform/http/register-endpoint.ts';
import { createBigWinsReader, type BigWinSource } from './big-wins.ts';

/**
 * Activity across games for home: the ticker of recent real big wins. The games' reads are handed in
 * (app.ts wires the lottery's and the crash rooms'), so this module depends on no game's queries.
 */
export function registerActivityRoutes(app: FastifyInstance, ctx: AppContext, sources: readonly BigWinSource[]) {
  const readBigWins = createBigWinsReader(sources, ctx.clock);
  registerEndpoint(app, ctx, '/home/bigWins', () => readBigWins());
}
