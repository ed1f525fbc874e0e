// What the page's first screen starts as it appears (its reads, the socket library's download) goes
// out once that screen has painted, not in the moment between React putting it into the page and the
// browser painting it. On a slow phone that moment lasts a few hundred milliseconds (style, layout and
// paint of a whole screen), and requests sent in it share the network and the main thread with the
// paint. Lighthouse counts every request that ended before the largest paint as one the paint waited
// for, so a quick local API answered before the paint put a simulated slow-4G round trip into the game
// screens' LCP (issue 17). Reads started before the screen rendered (shared/api/early-reads.ts) are not
// held: they already overlap the download of the screen's code.

/** Opens the gate even if no frame comes (a tab hidden meanwhile does not paint). */
const LONGEST_HOLD_MS = 500;

let gate: Promise<void> | null = null;
let hasPainted = false;

/**
 * Called when the first screen has just been put into the page, before the browser paints it (a layout
 * effect, app/app-routes.tsx): until the frame after, `afterFirstScreenPaint` holds what it is asked.
 */
export function holdUntilFirstScreenPaints(): void {
  if (gate || hasPainted) return;
  if (document.visibilityState === 'hidden') {
    hasPainted = true;
    return;
  }
  gate = new Promise<void>((resolve) => {
    const open = () => {
      if (hasPainted) return;
      hasPainted = true;
      gate = null;
      resolve();
    };
    // A frame callback runs just before its frame is painted, and that frame reaches the screen a little
    // later (the compositor's work), so the callback of the frame after is past both; a task queued
    // from it runs once that callback's frame work is done.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(open, 0)));
    setTimeout(open, LONGEST_HOLD_MS);
  });
}

/** Resolves once the first screen has painted; at once before it has rendered and ever after. */
export function afterFirstScreenPaint(): Promise<void> {
  return gate ?? Promise.resolve();
}
