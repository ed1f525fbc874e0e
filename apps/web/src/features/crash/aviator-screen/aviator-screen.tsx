import { useTranslation } from 'react-i18next';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { CrashGameView } from '../components/crash-game-view.tsx';
import { AviatorRooms, type AviatorRoomId } from './aviator-rooms.tsx';

/** Aviator in one of its three rooms (`/games/limbo`, `/games/limbo1`, `/games/limbo3`). */
export function AviatorScreen({ room }: { room: AviatorRoomId }) {
  const { t } = useTranslation('crash');
  return (
    <>
      <PlayGuard />
      <CrashGameView key={room} room={room} title={t('games.aviator')} theme="plane" roomSwitch={<AviatorRooms />} />
    </>
  );
}
