import { curveAt, LONGEST_FLIGHT_MS } from '@mayur/rules/crash-curve';

// The drawing of one frame of the flight scene, kept apart from React: the canvas loop calls
// drawScene with the state of the moment. Pure of the DOM except the 2D context it draws on.

export type FlightTheme = 'plane' | 'rocket';

/** What one frame shows. Times are milliseconds; multipliers are hundredths (250 = 2.50×). */
export type SceneFrame = {
  width: number;
  height: number;
  /** Right-to-left: the scene is mirrored (take-off from the bottom right); text is never mirrored. */
  isRtl: boolean;
  theme: FlightTheme;
  phase: 'idle' | 'flying' | 'crashed';
  /** Milliseconds since take-off (flying), or the flight's length (crashed). */
  elapsedMs: number;
  x100: number;
  /** Milliseconds since the crash was seen: the craft flies out of the picture meanwhile. */
  sinceCrashMs: number;
  /** A free-running clock for the background's slow turn and the propeller/flame. */
  clockMs: number;
};

type Palette = { sky: string; ray: string; curve: string; fill: string; craft: string; accent: string; crashed: string };

const PALETTES: Record<FlightTheme, Palette> = {
  plane: {
    sky: '#101828',
    ray: 'rgba(255, 255, 255, 0.035)',
    curve: '#e50539',
    fill: 'rgba(229, 5, 57, 0.28)',
    craft: '#e50539',
    accent: '#ffffff',
    crashed: '#64748b',
  },
  rocket: {
    sky: '#0b1033',
    ray: 'rgba(255, 255, 255, 0.7)',
    curve: '#f59e0b',
    fill: 'rgba(245, 158, 11, 0.25)',
    craft: '#e2e8f0',
    accent: '#f97316',
    crashed: '#64748b',
  },
};

/** Room kept for the axis labels: multipliers along the start edge, seconds along the foot. */
export const AXIS_START_PX = 34;
export const AXIS_FOOT_PX = 18;
const TOP_PX = 14;
const END_PX = 20;
/** The axes before they start to stretch: 8 s wide, up to 2×. */
const MIN_SPAN_MS = 8_000;
const MIN_TOP_X100 = 200;
/** The craft stays at most this far across and up its box; beyond, the axes grow instead. */
const CRAFT_SHARE_X = 0.78;
const CRAFT_SHARE_Y = 0.72;
const CURVE_STEPS = 40;
/** How fast the craft leaves the picture after the crash (px per ms, along its heading). */
const EXIT_SPEED_PX_PER_MS = 0.6;

const STARS = Array.from({ length: 36 }, (_, index) => ({
  // A fixed, deterministic scatter (golden-ratio steps), the same on every frame.
  x: (index * 0.618034) % 1,
  y: (index * 0.381966 * 1.7) % 1,
  size: 0.6 + ((index * 7) % 3) * 0.45,
}));

type Axes = { spanMs: number; topX100: number; left: number; right: number; top: number; bottom: number };

/**
 * How long the craft has flown at `nowMs`, never beyond the longest flight a round can have. A device
 * whose clock jumps, or a tab woken after minutes asleep, draws the last possible moment until the
 * server's crash arrives, rather than a multiplier of 10^25 whose axis ticks would never end.
 */
export function flightElapsedMs(nowMs: number, flyingAtMs: number): number {
  return Math.min(Math.max(0, nowMs - flyingAtMs), LONGEST_FLIGHT_MS);
}

export function axesFor(elapsedMs: number, x100: number, width: number, height: number): Axes {
  const spanMs = Math.max(MIN_SPAN_MS, elapsedMs / CRAFT_SHARE_X);
  const topX100 = Math.max(MIN_TOP_X100, 100 + (x100 - 100) / CRAFT_SHARE_Y);
  return { spanMs, topX100, left: AXIS_START_PX, right: width - END_PX, top: TOP_PX, bottom: height - AXIS_FOOT_PX };
}

/** Where on the canvas (in scene coordinates, before any mirroring) a moment of the flight lies. */
function pointAt(axes: Axes, elapsedMs: number, x100: number): [number, number] {
  const x = axes.left + (elapsedMs / axes.spanMs) * (axes.right - axes.left);
  const y = axes.bottom - ((x100 - 100) / (axes.topX100 - 100)) * (axes.bottom - axes.top);
  return [x, y];
}

export function drawScene(context: CanvasRenderingContext2D, frame: SceneFrame): void {
  const { width, height, isRtl, theme, phase } = frame;
  const palette = PALETTES[theme];
  context.fillStyle = palette.sky;
  context.fillRect(0, 0, width, height);

  const axes = axesFor(phase === 'idle' ? 0 : frame.elapsedMs, frame.x100, width, height);
  context.save();
  if (isRtl) {
    context.translate(width, 0);
    context.scale(-1, 1);
  }
  if (theme === 'plane') drawRays(context, palette, axes, frame);
  else drawStars(context, palette, width, height, frame);
  drawAxisLines(context, axes);

  let craftAt: [number, number] = [axes.left, axes.bottom];
  let heading = -0.12;
  if (phase !== 'idle') {
    const end = drawCurve(context, palette, axes, frame);
    craftAt = end.point;
    heading = end.heading;
  }
  const isGone = phase === 'crashed' && drawExit(context, palette, frame, craftAt, heading);
  if (!isGone && phase !== 'crashed') drawCraft(context, palette, frame, craftAt, heading);
  context.restore();

  drawAxisLabels(context, axes, width, isRtl);
}

function drawRays(context: CanvasRenderingContext2D, palette: Palette, axes: Axes, frame: SceneFrame): void {
  // Slowly turning light rays from the take-off point, only while flying (a still sky otherwise).
  const turn = frame.phase === 'flying' ? (frame.clockMs / 12_000) % (Math.PI * 2) : 0;
  const radius = Math.hypot(frame.width, frame.height) * 1.2;
  context.fillStyle = palette.ray;
  for (let ray = 0; ray < 12; ray += 1) {
    const start = turn + (ray * Math.PI) / 6;
    context.beginPath();
    context.moveTo(axes.left, axes.bottom);
    context.arc(axes.left, axes.bottom, radius, start, start + Math.PI / 12);
    context.closePath();
    context.fill();
  }
}

function drawStars(context: CanvasRenderingContext2D, palette: Palette, width: number, height: number, frame: SceneFrame): void {
  // Stars drift down and back while the rocket climbs, so the sky itself shows the speed.
  const drift = frame.phase === 'flying' ? frame.elapsedMs / 40 : 0;
  context.fillStyle = palette.ray;
  for (const star of STARS) {
    const x = star.x * width;
    const y = (star.y * height + drift * star.size) % height;
    context.globalAlpha = 0.25 + star.size * 0.25;
    context.fillRect(x, y, star.size, star.size);
  }
  context.globalAlpha = 1;
}

function drawAxisLines(context: CanvasRenderingContext2D, axes: Axes): void {
  context.strokeStyle = 'rgba(255, 255, 255, 0.18)';
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(axes.left + 0.5, axes.top);
  context.lineTo(axes.left + 0.5, axes.bottom + 0.5);
  context.lineTo(axes.right, axes.bottom + 0.5);
  context.stroke();
}

function drawCurve(
  context: CanvasRenderingContext2D,
  palette: Palette,
  axes: Axes,
  frame: SceneFrame,
): { point: [number, number]; heading: number } {
  const points: Array<[number, number]> = [];
  for (let step = 0; step <= CURVE_STEPS; step += 1) {
    const atMs = (frame.elapsedMs * step) / CURVE_STEPS;
    // The shared rule's curve, unrounded so the line is smooth; it ends exactly at the multiplier shown.
    const x100 = step === CURVE_STEPS ? frame.x100 : 100 * curveAt(atMs);
    points.push(pointAt(axes, atMs, Math.min(x100, frame.x100)));
  }
  const isCrashed = frame.phase === 'crashed';
  const last = points[points.length - 1] ?? [axes.left, axes.bottom];

  const gradient = context.createLinearGradient(0, axes.top, 0, axes.bottom);
  gradient.addColorStop(0, isCrashed ? 'rgba(100, 116, 139, 0.25)' : palette.fill);
  gradient.addColorStop(1, 'rgba(0, 0, 0, 0)');
  context.beginPath();
  context.moveTo(axes.left, axes.bottom);
  for (const [x, y] of points) context.lineTo(x, y);
  context.lineTo(last[0], axes.bottom);
  context.closePath();
  context.fillStyle = gradient;
  context.fill();

  context.beginPath();
  context.moveTo(axes.left, axes.bottom);
  for (const [x, y] of points) context.lineTo(x, y);
  context.lineWidth = 4;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = isCrashed ? palette.crashed : palette.curve;
  context.stroke();

  const before = points[points.length - 4] ?? [axes.left, axes.bottom];
  const heading = Math.atan2(last[1] - before[1], Math.max(1, last[0] - before[0]));
  return { point: last, heading };
}

/** The craft leaves along its heading, speeding up; true once it is out of the picture. */
function drawExit(
  context: CanvasRenderingContext2D,
  palette: Palette,
  frame: SceneFrame,
  from: [number, number],
  heading: number,
): boolean {
  const sinceMs = frame.sinceCrashMs;
  const distance = EXIT_SPEED_PX_PER_MS * sinceMs + 0.0006 * sinceMs * sinceMs;
  const exitHeading = Math.min(heading, -0.35);
  const x = from[0] + Math.cos(exitHeading) * distance;
  const y = from[1] + Math.sin(exitHeading) * distance;
  if (x > frame.width + 60 || y < -60) return true;
  drawCraft(context, palette, frame, [x, y], exitHeading);
  return false;
}

function drawCraft(
  context: CanvasRenderingContext2D,
  palette: Palette,
  frame: SceneFrame,
  at: [number, number],
  heading: number,
): void {
  context.save();
  context.translate(at[0], at[1]);
  context.rotate(Math.max(-0.9, Math.min(0.1, heading)));
  if (frame.theme === 'plane') drawPlane(context, palette, frame.clockMs, frame.phase !== 'idle');
  else drawRocket(context, palette, frame.clockMs, frame.phase !== 'idle');
  context.restore();
}

/** A small propeller plane, nose along +x. */
function drawPlane(context: CanvasRenderingContext2D, palette: Palette, clockMs: number, isRunning: boolean): void {
  // The curve ends at the tail, as players know it: the plane flies just ahead of its line.
  context.translate(22, -9);
  context.fillStyle = palette.craft;
  // Fuselage.
  context.beginPath();
  context.moveTo(-20, -2);
  context.quadraticCurveTo(-6, -8, 14, -5);
  context.quadraticCurveTo(22, -3, 22, 1);
  context.quadraticCurveTo(20, 5, 12, 5);
  context.lineTo(-14, 3);
  context.closePath();
  context.fill();
  // Tail fin.
  context.beginPath();
  context.moveTo(-20, -2);
  context.lineTo(-24, -13);
  context.lineTo(-16, -12);
  context.lineTo(-11, -4);
  context.closePath();
  context.fill();
  // Wing, a shade lighter.
  context.fillStyle = palette.accent;
  context.globalAlpha = 0.9;
  context.beginPath();
  context.moveTo(-2, 0);
  context.lineTo(9, 0);
  context.lineTo(0, 10);
  context.lineTo(-7, 10);
  context.closePath();
  context.fill();
  context.globalAlpha = 1;
  // Cockpit window.
  context.fillStyle = '#1e293b';
  context.beginPath();
  context.ellipse(10, -3, 4, 2, -0.2, 0, Math.PI * 2);
  context.fill();
  // Propeller: a blade that spins while flying.
  const blade = isRunning ? 8 * Math.abs(Math.sin(clockMs / 25)) + 2 : 8;
  context.fillStyle = palette.accent;
  context.fillRect(22, -blade, 2, blade * 2);
}

/** A rocket, nose along +x, with fins and a flickering flame. */
function drawRocket(context: CanvasRenderingContext2D, palette: Palette, clockMs: number, isRunning: boolean): void {
  // The curve ends at the exhaust: the rocket flies just ahead of its trail.
  context.translate(16, -6);
  if (isRunning) {
    const flicker = 10 + 6 * Math.abs(Math.sin(clockMs / 45)) + 3 * Math.abs(Math.sin(clockMs / 17));
    const flame = context.createLinearGradient(-14 - flicker, 0, -14, 0);
    flame.addColorStop(0, 'rgba(253, 224, 71, 0)');
    flame.addColorStop(0.5, '#fde047');
    flame.addColorStop(1, palette.accent);
    context.fillStyle = flame;
    context.beginPath();
    context.moveTo(-14, -5);
    context.quadraticCurveTo(-14 - flicker * 0.6, -4, -14 - flicker, 0);
    context.quadraticCurveTo(-14 - flicker * 0.6, 4, -14, 5);
    context.closePath();
    context.fill();
  }
  // Fins.
  context.fillStyle = palette.accent;
  context.beginPath();
  context.moveTo(-8, -6);
  context.lineTo(-16, -13);
  context.lineTo(-14, -5);
  context.closePath();
  context.moveTo(-8, 6);
  context.lineTo(-16, 13);
  context.lineTo(-14, 5);
  context.closePath();
  context.fill();
  // Body.
  context.fillStyle = palette.craft;
  context.beginPath();
  context.moveTo(22, 0);
  context.quadraticCurveTo(14, -8, -14, -6);
  context.lineTo(-14, 6);
  context.quadraticCurveTo(14, 8, 22, 0);
  context.closePath();
  context.fill();
  // Nose cone and window.
  context.fillStyle = palette.accent;
  context.beginPath();
  context.moveTo(22, 0);
  context.quadraticCurveTo(18, -4.5, 13, -5.6);
  context.lineTo(13, 5.6);
  context.quadraticCurveTo(18, 4.5, 22, 0);
  context.closePath();
  context.fill();
  context.fillStyle = '#38bdf8';
  context.beginPath();
  context.arc(4, 0, 3, 0, Math.PI * 2);
  context.fill();
}

const X_STEPS_S = [1, 2, 5, 10, 15, 30, 60, 120];
const Y_STEPS_X100 = [20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000];

/** Tick labels, never mirrored: numbers read left to right in every language. */
function drawAxisLabels(context: CanvasRenderingContext2D, axes: Axes, width: number, isRtl: boolean): void {
  context.fillStyle = 'rgba(255, 255, 255, 0.55)';
  context.font = '600 10px system-ui, sans-serif';
  // The canvas would inherit the page's right-to-left direction and print "1.5×" as "×1.5".
  context.direction = 'ltr';
  const mirror = (x: number) => (isRtl ? width - x : x);

  const spanS = axes.spanMs / 1000;
  const stepS = X_STEPS_S.find((step) => spanS / step <= 4) ?? 240;
  context.textBaseline = 'top';
  context.textAlign = 'center';
  for (let second = stepS; second < spanS; second += stepS) {
    const [x] = pointAt(axes, second * 1000, 100);
    context.fillText(`${second}s`, mirror(x), axes.bottom + 4);
  }

  const spanX100 = axes.topX100 - 100;
  const stepX100 = Y_STEPS_X100.find((step) => spanX100 / step <= 3.5) ?? 500_000;
  context.textBaseline = 'middle';
  context.textAlign = isRtl ? 'left' : 'right';
  for (let value = 100 + stepX100; value < axes.topX100; value += stepX100) {
    const [, y] = pointAt(axes, 0, value);
    context.fillText(tickLabel(value), mirror(AXIS_START_PX - 5), y);
  }
}

function tickLabel(x100: number): string {
  return x100 % 100 === 0 ? `${x100 / 100}×` : `${(x100 / 100).toFixed(1)}×`;
}
