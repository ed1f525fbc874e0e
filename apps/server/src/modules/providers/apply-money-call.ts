import type { AppContext } from '../../platform/context.ts';
import type { ProviderSettings } from './providers-env.ts';
import { GroupCommitLane } from '../../platform/group-commit.ts';
import { applyMoneyBatch, type MoneyCall, type MoneyOutcome } from './money-batch.ts';
import type { WalletAnswer } from './wallet-calls.ts';

type MoneyLane = GroupCommitLane<MoneyCall, MoneyOutcome>;

const lanes = new WeakMap<AppContext, Map<string, MoneyLane>>();

/**
 * A studio's debit or credit, applied in this node's group commit for its provider (decision 0026,
 * "Throughput"; `GROUP_COMMIT_WINDOW_MS` and `GROUP_COMMIT_LIMIT` as for the games): the answer, or
 * the call's own refusal thrown as a Refusal.
 */
export async function applyMoneyCall(ctx: AppContext, provider: ProviderSettings, call: MoneyCall): Promise<WalletAnswer> {
  const outcome = await laneOf(ctx, provider).submit(call);
  if ('answer' in outcome) return outcome.answer;
  if ('refusal' in outcome) throw outcome.refusal;
  throw outcome.error;
}

/** One lane per provider per application context (one per serving process). */
function laneOf(ctx: AppContext, provider: ProviderSettings): MoneyLane {
  let byProvider = lanes.get(ctx);
  if (!byProvider) lanes.set(ctx, (byProvider = new Map()));
  let lane = byProvider.get(provider.id);
  if (!lane) {
    lane = new GroupCommitLane(ctx.config.groupCommit, (calls) => applyMoneyBatch(ctx, provider, calls));
    byProvider.set(provider.id, lane);
  }
  return lane;
}
