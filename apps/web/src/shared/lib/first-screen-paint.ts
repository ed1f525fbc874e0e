// What the page's first screen starts as it appears (its reads, the socket library's download) goes
// out once that screen has painted, not in the moment between React putting it into the page and the
// browser painting it. On a slow phone that moment lasts a few hundred milliseconds (style, layout and
// paint of a whole screen), and requests sent in it share the network and the main thread with the
// paint. Lighthouse counts every request that ended before the largest paint as one the paint waited
// for, so a quick local API answered before the paint put a simulated slow-4G round trip into the game
// screens' largest paint (LCP). Reads started before the screen rendered (shared/api/early-reads.ts) are not
// held: they already overlap the download of the screen's code.

/**
 * Where the browser reports when the page's largest content reached the screen (Chromium), the gate
 * opens at the first such report after the screen went in; when none comes (the screen painted nothing
 * larger than the loading indicator, or the player touched the page), this long after.
 */
const LONGEST_HOLD_MS = 300;

let gate: Promise<void> | null = null;
let hasPainted = false;

/**
 * Called when the first screen has just been put into the page, before the browser paints it (a layout
 * effect, app/app-routes.tsx): until it has reached the screen, `afterFirstScreenPaint` holds what it
 * is asked.
 */
export function holdUntilFirstScreenPaints(): void {
  if (gate || hasPainted) return;
  if (document.visibilityState === 'hidden') {
    hasPainted = true;
    return;
  }
  gate = new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const open = () => {
      if (hasPainted) return;
      hasPainted = true;
      gate = null;
      observer?.disconnect();
      resolve();
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      // A frame's paint reaches the screen after the main thread's part of it (the compositor's work),
      // which no frame callback or task can wait for; the browser's report of it comes after it.
      const heldAtMs = performance.now();
      observer = new PerformanceObserver((entries) => {
        if (entries.getEntries().some((entry) => entry.startTime >= heldAtMs)) open();
      });
      observer.observe({ type: 'largest-contentful-paint' });
      setTimeout(open, LONGEST_HOLD_MS);
    } else {
      // Elsewhere: the task after the frame after the one that paints the screen.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(open, 0)));
      setTimeout(open, LONGEST_HOLD_MS);
    }
  });
}

/** Resolves once the first screen has painted; at once before it has rendered and ever after. */
export function afterFirstScreenPaint(): Promise<void> {
  return gate ?? Promise.resolve();
}

/** How long `afterFirstScreenSettles` waits at most for the main thread to go idle after the paint. */
const LONGEST_IDLE_WAIT_MS = 1_000;

/**
 * Resolves once the first screen has painted and the main thread has then had an idle moment (at most
 * a second later): for what the screen shows besides its game and its own reads (player protection's
 * banner and reality check), so that its texts and reads do not share the slow network with the reads
 * the screen's largest paint waits for.
 */
export async function afterFirstScreenSettles(): Promise<void> {
  await afterFirstScreenPaint();
  await new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: LONGEST_IDLE_WAIT_MS });
    else setTimeout(resolve, LONGEST_IDLE_WAIT_MS / 4);
  });
}
