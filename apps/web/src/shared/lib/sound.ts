import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

/**
 * Short game sounds synthesised with WebAudio (no audio files to download), off by default and the
 * player's choice remembered in localStorage. Every game screen shares this one switch, so a player who
 * silenced Aviator is not surprised by Win Go's countdown.
 *
 * Stable API for every game: `isSoundOn()`, `setSoundOn(on)`, `playSound(name)`; React screens read
 * the switch with `useIsSoundOn()`. `vibrate(pattern)` is a short buzz where the device allows it.
 */
export type SoundName = 'takeoff' | 'cashout' | 'crash' | 'countdown';

/** Kept outside STORAGE_KEYS on purpose: a preference of this module only, read nowhere else. */
const SOUND_KEY = 'sound';
/** The key the crash screens used before the switch was shared; still honoured once, then replaced. */
const LEGACY_SOUND_KEY = 'crashSound';

function readStoredChoice(): boolean {
  try {
    const stored = window.localStorage.getItem(SOUND_KEY) ?? window.localStorage.getItem(LEGACY_SOUND_KEY);
    return stored === 'on';
  } catch {
    return false;
  }
}

let soundStore: ReturnType<typeof createStore<boolean>> | null = null;
function store() {
  soundStore ??= createStore(typeof window === 'undefined' ? false : readStoredChoice());
  return soundStore;
}

export function isSoundOn(): boolean {
  return store().get();
}

/** Turns sound on or off and remembers it; call it from a tap so the browser lets audio start. */
export function setSoundOn(isOn: boolean): void {
  store().set(isOn);
  try {
    window.localStorage.setItem(SOUND_KEY, isOn ? 'on' : 'off');
  } catch {
    // Storage is unavailable; the choice lasts for this page only.
  }
  // Browsers only start audio after a user gesture: the toggle's tap is one, so wake the context now.
  if (isOn)
    void audio()
      ?.resume()
      .catch(() => undefined);
}

export function subscribeSound(listener: () => void): () => void {
  return store().subscribe(listener);
}

/** The sound switch for a React screen, re-rendered when any screen flips it. */
export function useIsSoundOn(): boolean {
  return useSyncExternalStore(subscribeSound, isSoundOn, () => false);
}

/** A tone: frequency glide from `fromHz` to `toHz` over `durationS`, starting `delayS` from now. */
type Tone = { fromHz: number; toHz: number; durationS: number; delayS?: number; type?: OscillatorType; volume?: number };

const SOUNDS: Record<SoundName, readonly Tone[]> = {
  // A rising sweep: the engine spools up.
  takeoff: [{ fromHz: 220, toHz: 660, durationS: 0.45, type: 'sawtooth', volume: 0.06 }],
  // Two bright rising notes, a coin-like "ka-ching".
  cashout: [
    { fromHz: 988, toHz: 988, durationS: 0.08, type: 'square', volume: 0.06 },
    { fromHz: 1319, toHz: 1319, durationS: 0.22, delayS: 0.08, type: 'square', volume: 0.06 },
  ],
  // A falling tone: the craft flies away.
  crash: [{ fromHz: 440, toHz: 80, durationS: 0.5, type: 'triangle', volume: 0.16 }],
  // One short tick, played once per second of a countdown.
  countdown: [{ fromHz: 880, toHz: 880, durationS: 0.06, type: 'sine', volume: 0.12 }],
};

let audioContext: AudioContext | null = null;
function audio(): AudioContext | null {
  if (audioContext) return audioContext;
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  try {
    audioContext = new window.AudioContext();
  } catch {
    return null;
  }
  return audioContext;
}

/** Plays a named sound when sound is on; silent (never throws) when it is off or audio is unavailable. */
export function playSound(name: SoundName): void {
  if (!isSoundOn()) return;
  const context = audio();
  if (!context) return;
  try {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    for (const tone of SOUNDS[name]) playTone(context, tone);
  } catch {
    // No audio available: the game works silently.
  }
}

function playTone(context: AudioContext, tone: Tone): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const startAt = context.currentTime + (tone.delayS ?? 0);
  const endAt = startAt + tone.durationS;
  oscillator.type = tone.type ?? 'sine';
  oscillator.frequency.setValueAtTime(tone.fromHz, startAt);
  oscillator.frequency.exponentialRampToValueAtTime(tone.toHz, endAt);
  gain.gain.setValueAtTime(0.0001, context.currentTime);
  gain.gain.setValueAtTime(tone.volume ?? 0.1, startAt);
  gain.gain.exponentialRampToValueAtTime(0.0001, endAt);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(startAt);
  oscillator.stop(endAt + 0.02);
}

/** A short buzz where the device allows it (Android Chrome); nothing elsewhere. Independent of sound. */
export function vibrate(pattern: number | number[] = 40): void {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(pattern);
  } catch {
    // Vibration refused (no user activation yet, or a policy): nothing to do.
  }
}
