import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../shared/api/session.ts';
import { afterFirstScreenSettles } from '../../shared/lib/first-screen-paint.ts';
import { ExclusionBanner } from './breaks/exclusion-banner.tsx';
import { RealityCheck } from './reality-check/reality-check-dialog.tsx';
import { useProtectionState } from './use-protection.ts';

/**
 * What every game screen shows of player protection: the break banner while a time-out or
 * self-exclusion runs, and the reality check at the player's interval. Signed-out visitors do not
 * play, so they see neither. It comes in once the game screen has painted and settled, and its texts
 * and reads load then, without holding up the game (the server refuses a bet during a break anyway,
 * saying why).
 */
export function PlayGuard() {
  const token = useSessionToken();
  const [hasSettled, setHasSettled] = useState(false);
  useEffect(() => {
    let isMounted = true;
    void afterFirstScreenSettles().then(() => isMounted && setHasSettled(true));
    return () => {
      isMounted = false;
    };
  }, []);
  if (token === null || !hasSettled) return null;
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
