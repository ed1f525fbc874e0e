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

async function freshGate(visibilityState: DocumentVisibilityState = 'visible'): Promise<Gate> {
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frameCallbacks.push(callback));
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
    vi.useFakeTimers();
    frameCallbacks = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lets requests through at once before the first screen has been put into the page', async () => {
    const gate = await freshGate();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });

  it('holds requests until the frame after the one that paints the screen, then lets every later one through', async () => {
    const gate = await freshGate();
    gate.holdUntilFirstScreenPaints();
    const held = gate.afterFirstScreenPaint();
    expect(await isSettled(held)).toBe(false);
    frame();
    expect(await isSettled(held)).toBe(false);
    frame();
    expect(await isSettled(held)).toBe(false);
    vi.advanceTimersByTime(0);
    expect(await isSettled(held)).toBe(true);
    gate.holdUntilFirstScreenPaints();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });

  it('lets them through after 500 ms when no frame comes', async () => {
    const gate = await freshGate();
    gate.holdUntilFirstScreenPaints();
    const held = gate.afterFirstScreenPaint();
    vi.advanceTimersByTime(499);
    expect(await isSettled(held)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isSettled(held)).toBe(true);
  });

  it('holds nothing in a hidden tab, which paints no frame', async () => {
    const gate = await freshGate('hidden');
    gate.holdUntilFirstScreenPaints();
    expect(await isSettled(gate.afterFirstScreenPaint())).toBe(true);
  });
});
