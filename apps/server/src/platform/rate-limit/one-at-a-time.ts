/**
 * Runs the tasks given for one key one after another, in arrival order, and tasks of different keys
 * freely. It keeps nothing once a key's queue is empty.
 */
export type OneAtATime = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  const tails = new Map<string, Promise<void>>();
  return async (key, task) => {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
