import { afterEach, describe, expect, it, vi } from 'vitest';

/** A window with a Map-backed localStorage and an AudioContext that counts the oscillators started. */
function fakeWindow(stored: Record<string, string> = {}) {
  const items = new Map(Object.entries(stored));
  const started: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = () => Promise.resolve();
    createOscillator() {
      const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return {
        type: 'sine',
        frequency: param,
        connect: (node: unknown) => node,
        start: (at: number) => started.push(at),
        stop() {},
      };
    }
    createGain() {
      const param = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
      return { gain: param, connect: (node: unknown) => node };
    }
  }
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  vi.stubGlobal('window', { localStorage, AudioContext: FakeAudioContext });
  return { items, started };
}

async function loadSound() {
  vi.resetModules();
  return import('./sound.ts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sound', () => {
  it('is off by default and plays nothing while off', async () => {
    const { started } = fakeWindow();
    const sound = await loadSound();
    expect(sound.isSoundOn()).toBe(false);
    sound.playSound('countdown');
    expect(started).toHaveLength(0);
  });

  it('remembers the choice in localStorage and plays once on', async () => {
    const { items, started } = fakeWindow();
    const sound = await loadSound();
    sound.setSoundOn(true);
    expect(items.get('sound')).toBe('on');
    sound.playSound('cashout');
    expect(started.length).toBeGreaterThan(0);

    const reloaded = await loadSound();
    expect(reloaded.isSoundOn()).toBe(true);
  });

  it('honours the crash screens’ earlier key', async () => {
    fakeWindow({ crashSound: 'on' });
    const sound = await loadSound();
    expect(sound.isSoundOn()).toBe(true);
  });

  it('tells subscribers when the switch flips', async () => {
    fakeWindow();
    const sound = await loadSound();
    const listener = vi.fn();
    sound.subscribeSound(listener);
    sound.setSoundOn(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
