import { autoplayProblem } from '@mayur/rules/protection-rules';
import { useProtectionState } from './use-protection.ts';

/**
 * The check before a crash autoplay starts: at most 100 rounds, and only with a loss limit in force
 * (packages/contracts' rule). Until the player's limits are known, autoplay waits as if none were set.
 */
export function useAutoplayCheck(): (rounds: number) => ReturnType<typeof autoplayProblem> {
  const state = useProtectionState({ isSilent: true });
  const hasLossLimit = state.data?.hasLossLimit ?? false;
  return (rounds) => autoplayProblem(rounds, hasLossLimit);
}

export { useIsPlayPaused as useIsAutoplayPaused } from './reality-check/play-pause.ts';
