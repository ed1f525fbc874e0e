import { multiplierX100At } from '@mayur/contracts/crash-curve';
import { serverClock } from '../../../shared/lib/server-clock.ts';
import { useEffect, useRef } from 'react';

import type { FlightSnapshot, FrameFeed } from './use-crash-round.ts';
import { formatMultiplier } from './crash-api.ts';
import styles from './crash.module.css';

export type FlightTheme = 'plane' | 'rocket';

type FlightCanvasProps = {
  snapshotRef: React.RefObject<FlightSnapshot>;
  feed: FrameFeed;
  theme: FlightTheme;
  /** Accessible description of the current state, kept in step by React at phase changes only. */
  label: string;
};

const THEME_COLOURS: Record<FlightTheme, { curve: string; fill: string; craft: string; crashed: string }> = {
  plane: { curve: '#e50539', fill: 'rgba(229, 5, 57, 0.18)', craft: '#e50539', crashed: '#7b8794' },
  rocket: { curve: '#f59e0b', fill: 'rgba(245, 158, 11, 0.18)', craft: '#f97316', crashed: '#7b8794' },
};

/**
 * The flight: curve, craft and live multiplier, drawn at the display's frame rate by
 * requestAnimationFrame from the server's take-off time and the synced clock, never by React renders.
 * The multiplier text is written straight into its element and published to the frame feed.
 */
export function FlightCanvas({ snapshotRef, feed, theme, label }: FlightCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let frame = 0;
    let lastText = '';
    const colours = THEME_COLOURS[theme];
    // The size is read once and then kept by a ResizeObserver: reading it in every frame, right after
    // the previous frame wrote the multiplier's text, would force a layout sixty times a second.
    let width = canvas.clientWidth;
    let height = canvas.clientHeight;
    const resizeObserver = new ResizeObserver(([entry]) => {
      if (!entry) return;
      width = entry.contentRect.width;
      height = entry.contentRect.height;
    });
    resizeObserver.observe(canvas);

    const draw = () => {
      frame = window.requestAnimationFrame(draw);
      const ratio = window.devicePixelRatio || 1;
      if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
      }
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);

      const snapshot = snapshotRef.current;
      const elapsedMs = Math.max(0, serverClock.nowMs() - snapshot.flyingAtMs);
      // Take-off follows the server's start time on the synced clock, not the next React render.
      const phase = snapshot.phase === 'betting' && elapsedMs > 0 ? 'flying' : snapshot.phase;
      let x100 = 100;
      if (phase === 'flying') x100 = multiplierX100At(elapsedMs);
      if (phase === 'crashed' && snapshot.crashPointX100 !== null) x100 = snapshot.crashPointX100;
      const isCrashed = phase === 'crashed';
      feed.publish(x100);

      const text = phase === 'flying' || isCrashed ? formatMultiplier(x100) : '';
      if (text !== lastText && multiplierRef.current) {
        multiplierRef.current.textContent = text;
        lastText = text;
      }
      if (phase !== 'flying' && !isCrashed) return;
      drawFlight(context, width, height, x100, isCrashed, colours, theme);
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
      <span ref={multiplierRef} className={styles.liveMultiplier} data-testid="live-multiplier" aria-hidden="true" />
    </div>
  );
}

function drawFlight(
  context: CanvasRenderingContext2D,
  width: number,
  height: number,
  x100: number,
  isCrashed: boolean,
  colours: (typeof THEME_COLOURS)[FlightTheme],
  theme: FlightTheme,
): void {
  const padding = 16;
  // The axes stretch as the multiplier grows, so the craft stays in view: x by time, y by log multiplier.
  const currentLog = Math.log(x100 / 100);
  // Linear axes over a window that grows with the multiplier, so the craft stays in view.
  const topValue = Math.max(1, Math.exp(currentLog * 1.15) - 1);
  const steps = 48;
  const points: Array<[number, number]> = [];
  for (let step = 0; step <= steps; step += 1) {
    const share = step / steps;
    const value = Math.exp(currentLog * share) - 1;
    const x = padding + share * (width - padding * 4);
    const y = height - padding - (value / topValue) * (height - padding * 4);
    points.push([x, y]);
  }
  context.beginPath();
  context.moveTo(padding, height - padding);
  for (const [x, y] of points) context.lineTo(x, y);
  const [lastX, lastY] = points[points.length - 1] ?? [padding, height - padding];
  context.lineTo(lastX, height - padding);
  context.closePath();
  context.fillStyle = colours.fill;
  context.fill();

  context.beginPath();
  context.moveTo(padding, height - padding);
  for (const [x, y] of points) context.lineTo(x, y);
  context.lineWidth = 3;
  context.strokeStyle = isCrashed ? colours.crashed : colours.curve;
  context.stroke();

  if (isCrashed) return;
  context.save();
  context.translate(lastX, lastY);
  context.rotate(-0.35);
  context.fillStyle = colours.craft;
  if (theme === 'plane') drawPlane(context);
  else drawRocket(context);
  context.restore();
}

function drawPlane(context: CanvasRenderingContext2D): void {
  context.beginPath();
  context.ellipse(0, 0, 18, 5, 0, 0, Math.PI * 2);
  context.fill();
  context.beginPath();
  context.moveTo(-2, 0);
  context.lineTo(-10, -14);
  context.lineTo(4, 0);
  context.lineTo(-10, 12);
  context.closePath();
  context.fill();
  context.beginPath();
  context.moveTo(-16, 0);
  context.lineTo(-22, -8);
  context.lineTo(-14, -1);
  context.closePath();
  context.fill();
}

function drawRocket(context: CanvasRenderingContext2D): void {
  context.beginPath();
  context.moveTo(20, 0);
  context.quadraticCurveTo(8, -8, -12, -6);
  context.lineTo(-12, 6);
  context.quadraticCurveTo(8, 8, 20, 0);
  context.fill();
  context.fillStyle = '#fde047';
  context.beginPath();
  context.moveTo(-12, -4);
  context.lineTo(-24 - Math.random() * 6, 0);
  context.lineTo(-12, 4);
  context.closePath();
  context.fill();
}
