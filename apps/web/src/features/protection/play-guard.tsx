import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../shared/api/session.ts';
import { ExclusionBanner } from './breaks/exclusion-banner.tsx';
import { RealityCheck } from './reality-check/reality-check-dialog.tsx';
import { useProtectionState } from './use-protection.ts';

/**
 * What every game screen shows of player protection: the break banner while a time-out or
 * self-exclusion runs, and the reality check at the player's interval. Signed-out visitors do not
 * play, so they see neither. Its texts load with it, without holding up the game.
 */
export function PlayGuard() {
  const token = useSessionToken();
  if (token === null) return null;
  return (
    <Suspense fallback={null}>
      <PlayGuardContent />
    </Suspense>
  );
}

function PlayGuardContent() {
  useTranslation('protection');
  const state = useProtectionState({ isSilent: true });
  const minutes = state.data?.realityCheckMinutes ?? 0;
  return (
    <>
      <ExclusionBanner hasWithdrawLink isInset />
      <RealityCheck intervalMinutes={minutes > 0 ? minutes : null} />
    </>
  );
}
