import type { Tx } from './db.ts';

/**
 * Has every statement of the rest of this transaction planned for its own parameters. A named
 * statement otherwise settles on one generic plan after five runs (decision 0028), and a plan made for
 * a batch of ten rows would be reused for one of a million: the bulk postings call this first.
 */
export async function planEachRun(tx: Tx): Promise<void> {
  await tx.exec('set local plan_cache_mode = force_custom_plan');
}
