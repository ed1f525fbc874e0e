import { AGENT_RANGE_MAX_DAYS } from '@mayur/rules/agent-periods';
import type { AppContext } from '../../platform/context.ts';
import { startInterval } from '../../platform/leader.ts';
import { shiftDay, kolkataDay } from '@mayur/rules/kolkata-day';
import { refreshTeamStats, refreshUnfinishedDays } from './refresh-team-stats.ts';

/** Past days finalised per step, oldest first, until every day a report can ask for is final. */
const PAST_DAYS_PER_STEP = 7;

/**
 * Runs on the clock leader only (decision 0014): at start and then every AGENT_STATS_REFRESH_SECONDS,
 * recomputes today's team statistics, then finalises a few past days a report can still ask for that
 * are not final yet (after a deployment, or the days that ended since the last step). The day being
 * paid is also recomputed by the commission clock just before it is paid.
 */
export function startTeamStatsClock(ctx: AppContext): () => Promise<void> {
  const log = ctx.log.child({ component: 'agent-stats' });
  const step = async () => {
    const today = kolkataDay(ctx.clock.now().getTime());
    const startedMs = performance.now();
    const { agents } = await refreshTeamStats(ctx.db, today);
    log.info({ day: today, agents, durationMs: Math.round(performance.now() - startedMs) }, 'agent statistics refreshed');
    const finalised = await refreshUnfinishedDays(
      ctx.db,
      shiftDay(today, -AGENT_RANGE_MAX_DAYS),
      shiftDay(today, -1),
      PAST_DAYS_PER_STEP,
    );
    if (finalised.length > 0) log.info({ days: finalised }, 'agent statistics of past days finalised');
  };
  // One step at a time, the first one at once: the interval's steps and the first never overlap.
  let running: Promise<void> | null = null;
  const guardedStep = async () => {
    if (running) return;
    running = step()
      .catch((error: unknown) => log.error({ err: error }, 'agent statistics refresh failed'))
      .finally(() => {
        running = null;
      });
    await running;
  };
  const stopInterval = startInterval(ctx.config.agent.statsRefreshSeconds * 1000, guardedStep, log);
  void guardedStep();
  return async () => {
    await stopInterval();
    await running;
  };
}
