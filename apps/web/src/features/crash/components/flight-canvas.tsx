import { crashDelayMs, multiplierX100At } from '@mayur/rules/crash-curve';
import { useEffect, useRef } from 'react';
import { serverClock } from '../../../shared/lib/server-clock.ts';
import { formatMultiplier } from './crash-api.ts';
import { drawScene, flightElapsedMs, type FlightTheme, type SceneFrame } from './flight-scene.ts';
import type { FlightSnapshot, FrameFeed } from './use-crash-round.ts';
import styles from './crash.module.css';

export type { FlightTheme } from './flight-scene.ts';

type FlightCanvasProps = {
  snapshotRef: React.RefObject<FlightSnapshot>;
  feed: FrameFeed;
  theme: FlightTheme;
  /** Accessible description of the current state, kept in step by React at phase changes only. */
  label: string;
};

/** Long enough for the craft to leave the picture after a crash; the scene is still afterwards. */
const EXIT_ANIMATION_MS = 3_000;
/** The multiplier the scene shows before any round is known: the value every flight starts from. */
const PLACEHOLDER_TEXT = formatMultiplier(100);

/**
 * The flight scene: sky, axes, curve and craft drawn on a canvas at the display's frame rate by
 * requestAnimationFrame, from the server's take-off time and the synced clock, never by React renders.
 * The live multiplier and the progress bar to take-off are elements of their own that the loop writes
 * in place. The multiplier is rendered at its final size with "1.00×" from the very first paint, so the
 * page's largest paint does not wait for the API or the socket.
 */
export function FlightCanvas({ snapshotRef, feed, theme, label }: FlightCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLSpanElement>(null);
  const progressRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d', { alpha: false });
    // The same text node is updated in place, so the element painted first stays the one painted.
    const multiplierText = multiplierRef.current?.firstChild;
    if (!canvas || !context) return;
    let frame = 0;
    let lastText = PLACEHOLDER_TEXT;
    let lastProgress = -1;
    let crashSeenAtMs: number | null = null;
    let lastStillKey = '';
    // The size is read once and then kept by a ResizeObserver: reading it in every frame, right after
    // the previous frame wrote the multiplier's text, would force a layout sixty times a second.
    let width = canvas.clientWidth;
    let height = canvas.clientHeight;
    let isRtl = getComputedStyle(canvas).direction === 'rtl';
    const resizeObserver = new ResizeObserver(([entry]) => {
      if (!entry) return;
      width = entry.contentRect.width;
      height = entry.contentRect.height;
      isRtl = getComputedStyle(canvas).direction === 'rtl';
    });
    resizeObserver.observe(canvas);

    const draw = (clockMs: number) => {
      frame = window.requestAnimationFrame(draw);
      if (width === 0 || height === 0) return;
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);

      const snapshot = snapshotRef.current;
      const nowMs = serverClock.nowMs();
      const elapsedMs = flightElapsedMs(nowMs, snapshot.flyingAtMs);
      // Take-off follows the server's start time on the synced clock, not the next React render.
      const phase = snapshot.phase === 'betting' && elapsedMs > 0 ? 'flying' : snapshot.phase;
      const isCrashed = phase === 'crashed' && snapshot.crashPointX100 !== null;
      let x100 = 100;
      if (phase === 'flying') x100 = multiplierX100At(elapsedMs);
      if (isCrashed) x100 = snapshot.crashPointX100 ?? 100;
      feed.publish(x100);

      if (isCrashed) {
        // A crash seen on arrival has long happened: the craft is already gone.
        crashSeenAtMs ??= snapshot.phase === 'crashed' && lastText === PLACEHOLDER_TEXT ? clockMs - 60_000 : clockMs;
      } else {
        crashSeenAtMs = null;
      }

      const text = formatMultiplier(x100);
      if (text !== lastText && multiplierText) {
        multiplierText.nodeValue = text;
        lastText = text;
      }
      writeProgress(snapshot, nowMs);

      const scene: SceneFrame = {
        width,
        height,
        isRtl,
        theme,
        phase: phase === 'flying' ? 'flying' : isCrashed ? 'crashed' : 'idle',
        elapsedMs: phase === 'flying' ? elapsedMs : isCrashed ? crashElapsedMs(snapshot) : 0,
        x100,
        sinceCrashMs: crashSeenAtMs === null ? 0 : clockMs - crashSeenAtMs,
        clockMs,
      };
      // A still picture (waiting, or the craft gone after a crash) is drawn once, not sixty times a second:
      // the main thread stays free while the page loads and while players place their bets.
      const isMoving = scene.phase === 'flying' || (scene.phase === 'crashed' && scene.sinceCrashMs < EXIT_ANIMATION_MS);
      const stillKey = isMoving ? '' : `${scene.phase}|${width}|${height}|${ratio}|${isRtl}|${x100}`;
      if (stillKey !== '' && stillKey === lastStillKey) return;
      lastStillKey = stillKey;
      drawScene(context, scene);
    };

    /** The bar to take-off fills as the betting window runs out; empty outside it. */
    const writeProgress = (snapshot: FlightSnapshot, nowMs: number) => {
      const bar = progressRef.current;
      if (!bar) return;
      const windowMs = snapshot.flyingAtMs - snapshot.bettingStartsAtMs;
      const share =
        snapshot.phase === 'betting' && windowMs > 0 ? Math.min(1, Math.max(0, (snapshot.flyingAtMs - nowMs) / windowMs)) : 0;
      const rounded = Math.round(share * 500) / 500;
      if (rounded === lastProgress) return;
      lastProgress = rounded;
      bar.style.transform = `scaleX(${rounded})`;
    };

    frame = window.requestAnimationFrame(draw);
    return () => {
      window.cancelAnimationFrame(frame);
      resizeObserver.disconnect();
    };
  }, [snapshotRef, feed, theme]);

  return (
    <div className={styles.canvasBox}>
      <canvas ref={canvasRef} className={styles.canvas} role="img" aria-label={label} />
      <span ref={multiplierRef} className={styles.liveMultiplier} data-testid="live-multiplier" aria-hidden="true" dir="ltr">
        {PLACEHOLDER_TEXT}
      </span>
      <span className={styles.progressTrack} aria-hidden="true">
        <span ref={progressRef} className={styles.progressBar} data-testid="takeoff-progress" />
      </span>
    </div>
  );
}

/** How long a crashed flight lasted, by the shared curve, so its picture ends at the crash point. */
function crashElapsedMs(snapshot: FlightSnapshot): number {
  return crashDelayMs(snapshot.crashPointX100 ?? 100);
}
