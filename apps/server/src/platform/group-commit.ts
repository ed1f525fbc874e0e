import { AppError } from './http/app-error.ts';

// The group commit of decision 0015, shared by the crash games, the lottery and the ledger's single
// transfers: requests gathered for a few milliseconds are applied together and answered one by one.

type Pending<T, R> = { request: T; resolve(value: R): void; reject(error: unknown): void };

/**
 * `windowMs` 0 gathers what arrives within the current turn of the event loop (the batch goes on the
 * next turn); more waits that long. Either way, what arrives while a batch is in flight is the next
 * batch, which is where the batching under load comes from.
 */
export type LaneSettings = { windowMs: number; limit: number };

/**
 * One lane of a node's group commit: the requests that arrive within a short window (or until the
 * batch limit) are applied together by one call, which answers each with its own value or refusal.
 * At most one batch of a lane is in flight; what arrives meanwhile is the next batch, sent as soon as
 * the previous one is answered (it has waited long enough).
 */
export class GroupCommitLane<T, R> {
  private queue: Array<Pending<T, R>> = [];
  /** Cancels the scheduled flush, if one is scheduled. */
  private cancelScheduled: (() => void) | null = null;
  private isApplying = false;

  constructor(
    private readonly settings: LaneSettings,
    private readonly apply: (requests: T[]) => Promise<Array<R | AppError>>,
    private readonly onTaken: (requests: readonly T[]) => void = () => undefined,
  ) {}

  submit(request: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (this.isApplying) return;
      if (this.queue.length >= this.settings.limit) void this.flush();
      else this.cancelScheduled ??= this.schedule();
    });
  }

  private schedule(): () => void {
    if (this.settings.windowMs === 0) {
      const immediate = setImmediate(() => void this.flush());
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(() => void this.flush(), this.settings.windowMs);
    return () => clearTimeout(timer);
  }

  private async flush(): Promise<void> {
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    if (this.isApplying || this.queue.length === 0) return;
    this.isApplying = true;
    const batch = this.queue.splice(0, this.settings.limit);
    const requests = batch.map((pending) => pending.request);
    this.onTaken(requests);
    try {
      const answers = await this.apply(requests);
      batch.forEach((pending, index) => {
        const answer = answers[index]!;
        if (answer instanceof AppError) pending.reject(answer);
        else pending.resolve(answer);
      });
    } catch (error) {
      // The batch's transaction failed as a whole (the database is unreachable, say): nothing of it
      // was committed, and every request of it hears why.
      for (const pending of batch) pending.reject(error);
    } finally {
      this.isApplying = false;
    }
    if (this.queue.length > 0) void this.flush();
  }
}
