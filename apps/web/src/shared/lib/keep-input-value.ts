/**
 * Puts back on screen the text a controlled input's handler accepted, when it refused some of what was
 * typed (a letter in a digits-only field), and returns it for the state.
 *
 * React re-renders a controlled input after every change and so undoes a refused edit itself. Preact,
 * which the player app runs on (vite.config.ts), re-renders only when the state changes; a refused
 * edit leaves the state as it was, so the typed letter would stay in the field.
 */
export function keepInputValue(input: HTMLInputElement, accepted: string): string {
  if (input.value !== accepted) input.value = accepted;
  return accepted;
}
