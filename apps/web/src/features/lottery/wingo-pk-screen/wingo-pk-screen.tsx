import { PK_ROOMS, type PkRoom } from '@mayur/rules/lottery-rooms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { Tabs } from '../../../shared/ui/tabs.tsx';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { PresaleRules } from '../components/presale-rules.tsx';
import { fairnessHref, pkRoomApi } from '../components/room-api.ts';
import { WingoRoomView } from '../components/wingo-room-view.tsx';
import styles from '../components/lottery.module.css';

function PkRoomPanel({ roomId }: { roomId: PkRoom }) {
  const room = useMemo(() => pkRoomApi(roomId), [roomId]);
  return <WingoRoomView room={room} pour={(bet) => api('/lottery/pour', { room: roomId, agree: true, ...bet })} />;
}

function readPkRoom(value: string | null): PkRoom {
  return (PK_ROOMS as readonly string[]).includes(value ?? '') ? (value as PkRoom) : 'parity';
}

/** Win Go PK: four rooms (Parity, Sapre, Bcone, Emerd) on one 180 s period; the room is in the URL (`?room=sapre`). */
export function WingoPkScreen() {
  const { t } = useTranslation('lottery');
  const [searchParams, setSearchParams] = useSearchParams();
  const roomId = readPkRoom(searchParams.get('room'));
  const setRoomId = (room: PkRoom) => setSearchParams({ room }, { replace: true });
  return (
    <div className={styles.screen}>
      <GameHeader title={t('games.winGoPk')} fairnessTo={fairnessHref('wingo', roomId)} rules={<PresaleRules game="wingo" />} />
      <PlayGuard />
      <Tabs<PkRoom>
        label={t('lottery.rooms')}
        value={roomId}
        onValueChange={setRoomId}
        listClassName={styles.roomSwitcher}
        tabClassName={styles.roomLink}
        items={PK_ROOMS.map((pkRoom) => ({
          value: pkRoom,
          label: t(`lottery.pkRooms.${pkRoom}`),
          panel: <PkRoomPanel key={pkRoom} roomId={pkRoom} />,
        }))}
      />
    </div>
  );
}
