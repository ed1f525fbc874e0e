import type { CrashRoomId } from '@mayur/contracts/crash-rooms';
import { useTranslation } from 'react-i18next';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { CrashGameView } from '../components/crash-game-view.tsx';

/** Aviator in one of its three rooms (`/games/limbo`, `/games/limbo1`, `/games/limbo3`). */
export function AviatorScreen({ room }: { room: Extract<CrashRoomId, 'limbo' | 'limbo1' | 'limbo3'> }) {
  const { t } = useTranslation('crash');
  return (
    <>
      <PlayGuard />
      <CrashGameView key={room} room={room} title={t('games.aviator')} theme="plane" />
    </>
  );
}
