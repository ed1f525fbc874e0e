// A short WebAudio blip on take-off and crash; off by default, the choice kept in localStorage.
const SOUND_KEY = 'crashSound';

export function readSoundPreference(): boolean {
  try {
    return window.localStorage.getItem(SOUND_KEY) === 'on';
  } catch {
    return false;
  }
}

export function saveSoundPreference(isOn: boolean): void {
  try {
    window.localStorage.setItem(SOUND_KEY, isOn ? 'on' : 'off');
  } catch {
    // Storage is unavailable; the choice lasts for this page only.
  }
}

let audioContext: AudioContext | null = null;

export function playBlip(kind: 'takeoff' | 'crash'): void {
  try {
    audioContext ??= new AudioContext();
    const oscillator = audioContext.createOscillator();
    const gain = audioContext.createGain();
    const startAt = audioContext.currentTime;
    oscillator.frequency.setValueAtTime(kind === 'takeoff' ? 660 : 220, startAt);
    oscillator.frequency.linearRampToValueAtTime(kind === 'takeoff' ? 990 : 110, startAt + 0.15);
    gain.gain.setValueAtTime(0.15, startAt);
    gain.gain.exponentialRampToValueAtTime(0.001, startAt + 0.2);
    oscillator.connect(gain).connect(audioContext.destination);
    oscillator.start(startAt);
    oscillator.stop(startAt + 0.2);
  } catch {
    // No audio available: the game works silently.
  }
}
