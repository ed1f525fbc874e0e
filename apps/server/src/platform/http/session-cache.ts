import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Queryable } from '../db/db.ts';

// A node's memory of live sessions (decision 0017). The database stays the only judge: an entry may be
// used only while its last confirmation by the database is younger than SESSION_CONFIRMATION_MS, so a
// revoked session is refused within that bound on every node even if Redis loses every message. Every
// SESSION_REFRESH_MS the node asks the database which sessions were revoked since its last answer (a
// read whose size follows the revocations, not the players), drops those, and counts the answer as a
// confirmation of every other entry. A revocation also drops the entry at once on the node that made
// it and, through the deployment's Redis channel, on every other node.

/** How long a confirmation by the database vouches for a session: the bound on refusing a revoked one. */
export const SESSION_CONFIRMATION_MS = 1_000;
/** How often the sessions in use are confirmed again; well inside the bound, so hits stay hits. */
export const SESSION_REFRESH_MS = 300;
/** A session not presented for this long is forgotten instead of being confirmed again. */
export const SESSION_IDLE_MS = 60_000;
/** At most this many sessions are remembered per node; the least recently used is dropped first. */
export const SESSION_CACHE_LIMIT = 200_000;
/**
 * How far before the previous answer each refresh looks for revocations. A revocation is stamped
 * (`revoked_at`, the revoking node's clock) before its transaction commits; it is found as long as it
 * commits within this margin of its stamp and the nodes' clocks differ by less (decision 0017).
 */
export const REVOCATION_MARGIN_MS = 120_000;

export type CachedSession = { userId: number; expiresAtMs: number };

/** Which sessions were revoked: one token, or every token of a player except the one named. */
export type SessionRevocation = { tokenHash: string } | { userId: number; exceptTokenHash?: string };

type Entry = CachedSession & { confirmedAtMs: number; usedAtMs: number };

export type SessionCache = {
  /** The session of a token hash if a database read younger than the bound vouches for it, else undefined. */
  find(tokenHash: string): CachedSession | undefined;
  /** Starts a database read of a session: remember the returned mark and hand it to `remember`. */
  mark(): ReadMark;
  /** Remembers what a read started at `mark` returned, unless a revocation arrived while it ran. */
  remember(tokenHash: string, session: CachedSession, mark: ReadMark): void;
  /** Drops revoked sessions here and, with Redis, on every node of the deployment. Call after the commit. */
  forget(revocation: SessionRevocation): Promise<void>;
  /** Confirms every session in use with the database now (the refresh loop calls it). */
  refresh(): Promise<void>;
  size(): number;
  close(): Promise<void>;
};

export type ReadMark = { startedAtMs: number; revocationsSeen: number };

export type SessionCacheOptions = {
  db: Queryable;
  clock: Clock;
  log: Logger;
  /** With Redis, revocations reach the other nodes at once; the channel carries the deployment's name. */
  redis?: { url: string; deploymentName: string };
  /** Runs the refresh loop (off in tests that drive `refresh` by hand). */
  isRefreshing?: boolean;
};

export async function createSessionCache(options: SessionCacheOptions): Promise<SessionCache> {
  const { db, clock, log } = options;
  // Map order is use order: an entry is moved to the end when used, so the first key is the least recent.
  const entries = new Map<string, Entry>();
  const tokensOfUser = new Map<number, Set<string>>();
  // Counts every revocation this node heard of, so a read that overlapped one is not remembered.
  let revocationsSeen = 0;

  const remove = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = tokensOfUser.get(entry.userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensOfUser.delete(entry.userId);
  };
  const dropLocally = (revocation: SessionRevocation) => {
    revocationsSeen += 1;
    if ('tokenHash' in revocation) return remove(revocation.tokenHash);
    for (const tokenHash of [...(tokensOfUser.get(revocation.userId) ?? [])]) {
      if (tokenHash !== revocation.exceptTokenHash) remove(tokenHash);
    }
  };

  const channel = options.redis ? `${options.redis.deploymentName}:sessions:revoked` : undefined;
  const publisher = options.redis ? new Redis(options.redis.url, { maxRetriesPerRequest: 2 }) : undefined;
  const subscriber = publisher?.duplicate();
  if (subscriber && channel) {
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        dropLocally(JSON.parse(message) as SessionRevocation);
      } catch (error) {
        log.warn({ err: error }, 'unreadable session revocation ignored');
      }
    });
    // A lost connection may have lost revocations: forget everything rather than trust the messages.
    subscriber.on('close', () => {
      revocationsSeen += 1;
      entries.clear();
      tokensOfUser.clear();
    });
    await subscriber.subscribe(channel);
  }

  // The last answer that confirmed every entry it did not revoke: when it was asked (this process's
  // monotonic time, compared with the entries') and, on the sessions' clock, since when it looked.
  let confirmedAllAtMs = Number.NEGATIVE_INFINITY;
  let lastAnsweredAt = clock.now();

  const refresh = async () => {
    const nowMs = performance.now();
    for (const [tokenHash, entry] of entries) {
      if (nowMs - entry.usedAtMs > SESSION_IDLE_MS) remove(tokenHash);
      // Map order is use order: the rest were used more recently.
      else break;
    }
    const mark = cache.mark();
    const askedAt = clock.now();
    // Every session revoked since shortly before the last answer: a revocation that committed after
    // that answer's snapshot is stamped later than the margin allows for, so none falls between two.
    const revoked = await db.query<{ token_hash: string }>('select token_hash from sessions where revoked_at >= $1', [
      new Date(lastAnsweredAt.getTime() - REVOCATION_MARGIN_MS),
    ]);
    for (const row of revoked) remove(row.token_hash);
    // A read that started before this answer and ends after it may have seen one of these sessions
    // live: like a revocation heard of, the answer keeps such a read from being remembered.
    if (revoked.length > 0) revocationsSeen += 1;
    lastAnsweredAt = askedAt;
    confirmedAllAtMs = Math.max(confirmedAllAtMs, mark.startedAtMs);
  };

  let isRefreshRunning = false;
  const timer = options.isRefreshing
    ? setInterval(() => {
        if (isRefreshRunning) return;
        isRefreshRunning = true;
        refresh()
          .catch((error: unknown) => log.warn({ err: error }, 'session refresh failed: sessions are read per request'))
          .finally(() => (isRefreshRunning = false));
      }, SESSION_REFRESH_MS)
    : undefined;
  timer?.unref();

  const cache: SessionCache = {
    find(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const nowMs = performance.now();
      if (nowMs - Math.max(entry.confirmedAtMs, confirmedAllAtMs) >= SESSION_CONFIRMATION_MS) return undefined;
      entry.usedAtMs = nowMs;
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return { userId: entry.userId, expiresAtMs: entry.expiresAtMs };
    },
    mark() {
      // The time is taken before the query is sent: the database's answer is at least this fresh.
      return { startedAtMs: performance.now(), revocationsSeen };
    },
    remember(tokenHash, session, mark) {
      if (mark.revocationsSeen !== revocationsSeen) return;
      remove(tokenHash);
      entries.set(tokenHash, { ...session, confirmedAtMs: mark.startedAtMs, usedAtMs: performance.now() });
      const tokens = tokensOfUser.get(session.userId) ?? new Set<string>();
      tokens.add(tokenHash);
      tokensOfUser.set(session.userId, tokens);
      if (entries.size > SESSION_CACHE_LIMIT) remove(entries.keys().next().value!);
    },
    async forget(revocation) {
      dropLocally(revocation);
      if (!publisher || !channel) return;
      try {
        await publisher.publish(channel, JSON.stringify(revocation));
      } catch (error) {
        // The other nodes still refuse the session once their confirmation ages past the bound.
        log.warn({ err: error }, 'session revocation not published: other nodes refuse it within the bound');
      }
    },
    refresh,
    size: () => entries.size,
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all([subscriber, publisher].map((client) => client?.quit().catch(() => client.disconnect())));
    },
  };
  return cache;
}
