import { useEffect, useRef, useState } from 'react';

/** How long home keeps what it read before reading it again on a later visit. */
const FRESH_FOR_MS = 5 * 60_000;

type Entry = { value?: unknown; readAtMs?: number; pending?: Promise<unknown> };
const entries = new Map<string, Entry>();

/**
 * Reads once and keeps the answer for five minutes across visits to home, as the query cache of the
 * other screens would, without bringing that library onto home's first paint. Components asking at the
 * same time share one request. A failed read leaves undefined: the API client has told the player.
 */
export function useCachedRead<T>(key: string, read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState(() => entries.get(key)?.value as T | undefined);
  const readRef = useRef(read);
  useEffect(() => {
    let isCurrent = true;
    const entry = entries.get(key) ?? {};
    entries.set(key, entry);
    const isFresh = entry.readAtMs !== undefined && Date.now() - entry.readAtMs < FRESH_FOR_MS;
    if (!isFresh && !entry.pending) {
      entry.pending = readRef
        .current()
        .then((result) => {
          entry.value = result;
          entry.readAtMs = Date.now();
          return result;
        })
        .finally(() => {
          entry.pending = undefined;
        });
    }
    entry.pending?.then(
      (result) => {
        if (isCurrent) setValue(result as T);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [key]);
  return value;
}
