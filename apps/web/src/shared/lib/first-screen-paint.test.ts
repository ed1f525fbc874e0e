import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstScreenPaint from './first-screen-paint.ts';

type Gate = typeof FirstScreenPaint;

/** Frame callbacks waiting for the next frame, run by `frame()`. */
let frameCallbacks: FrameRequestCallback[] = [];
const frame = () => {
  const due = frameCallbacks;
  frameCallbacks = [];
  for (const callback of due) callback(0);
};

/** The browser's reports of largest paints, delivered by `reportPaint()` to whoever observes them. */
let paintObservers: ((list: { getEntries: () => { startTime: number }[] }) => void)[] = [];
const reportPaint = (startTime: number) => {
  for (const observer of paintObservers) observer({ getEntries: () => [{ startTime }] });
};

async function freshGate({ visibilityState = 'visible', reportsPaints = true } = {}): Promise<Gate> {
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frameCallbacks.push(callback));
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = reportsPaints ? ['paint', 'largest-contentful-paint'] : ['paint'];
      constructor(private readonly callback: (typeof paintObservers)[number]) {}
      observe() {
        paintObservers.push(this.callback);
      }
      disconnect() {
        paintObservers = paintObservers.filter((observer) => observer !== this.callback);
      }
    },
  );
  vi.resetModules();
  return import('./first-screen-paint.ts');
}

/** Whether the promise has settled once pending microtasks have run. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

describe('afterFirstScreenPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    frameCallbacks = [];
    paintObservers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets requests through at once before the first screen has been put into the page', async () => {
    const gate = await freshGate();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });

  it("holds requests until the browser reports a paint of the screen's, then lets every later one through", async () => {
    const gate = await freshGate();
    vi.advanceTimersByTime(1_000);
    gate.holdUntilFirstScreenPaints();
    const held = gate.afterFirstScreenPaint();
    frame();
    frame();
    vi.advanceTimersByTime(100);
    expect(await isSettled(held)).toBe(false);
    // A paint from before the screen went in (the loading indicator), reported late.
    reportPaint(900);
    expect(await isSettled(held)).toBe(false);
    reportPaint(1_100);
    expect(await isSettled(held)).toBe(true);
    expect(paintObservers).toEqual([]);
    gate.holdUntilFirstScreenPaints();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });

  it('lets them through after 300 ms when no paint is reported', async () => {
    const gate = await freshGate();
    gate.holdUntilFirstScreenPaints();
    const held = gate.afterFirstScreenPaint();
    vi.advanceTimersByTime(299);
    expect(await isSettled(held)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isSettled(held)).toBe(true);
  });

  it('where paints are not reported, holds them until the task after the frame after the one that paints the screen', async () => {
    const gate = await freshGate({ reportsPaints: false });
    gate.holdUntilFirstScreenPaints();
    const held = gate.afterFirstScreenPaint();
    frame();
    expect(await isSettled(held)).toBe(false);
    frame();
    expect(await isSettled(held)).toBe(false);
    vi.advanceTimersByTime(0);
    expect(await isSettled(held)).toBe(true);
  });

  it('holds nothing in a hidden tab, which paints no frame', async () => {
    const gate = await freshGate({ visibilityState: 'hidden' });
    gate.holdUntilFirstScreenPaints();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });
});
