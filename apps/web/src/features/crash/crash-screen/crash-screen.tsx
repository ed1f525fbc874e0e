import { useTranslation } from 'react-i18next';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { CrashGameView } from '../components/crash-game-view.tsx';

/** Crash (`/games/crash`): the rocket, a predicted multiplier as the auto cash-out, and a manual cash-out. */
export function CrashScreen() {
  const { t } = useTranslation('crash');
  return (
    <>
      <PlayGuard />
      <CrashGameView room="crash" title={t('games.crash')} theme="rocket" />
    </>
  );
}
