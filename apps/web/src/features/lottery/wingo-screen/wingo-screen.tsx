import { WINGO_ROOM_BY_MINUTES } from '@mayur/rules/lottery-rooms';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { PlayGuard } from '../../protection/play-guard.tsx';
import { GameHeader } from '../components/game-header.tsx';
import { PresaleRules } from '../components/presale-rules.tsx';
import { fairnessHref, wingoRoomApi } from '../components/room-api.ts';
import { WingoRoomView } from '../components/wingo-room-view.tsx';
import styles from '../components/lottery.module.css';

const MINUTE_CHOICES = [60, 180, 300] as const;
type Minutes = (typeof MINUTE_CHOICES)[number];

function readMinutes(value: string | null): Minutes {
  const minutes = Number(value);
  return (MINUTE_CHOICES as readonly number[]).includes(minutes) ? (minutes as Minutes) : 60;
}

/** Win Go in its 1, 3 and 5 minute rooms (`/games/wingo?min=60|180|300`). */
export function WingoScreen() {
  const { t } = useTranslation('lottery');
  const [searchParams] = useSearchParams();
  const minutes = readMinutes(searchParams.get('min'));
  const roomId = WINGO_ROOM_BY_MINUTES[minutes];
  const room = useMemo(() => wingoRoomApi(minutes, roomId), [minutes, roomId]);

  return (
    <div className={styles.screen}>
      <GameHeader title={t('games.winGo')} fairnessTo={fairnessHref('wingo', roomId)} rules={<PresaleRules game="wingo" />} />
      <PlayGuard />
      <nav className={styles.roomSwitcher} aria-label={t('lottery.rooms')}>
        {MINUTE_CHOICES.map((choice) => (
          <Link
            key={choice}
            to={`?min=${choice}`}
            replace
            className={styles.roomLink}
            aria-current={choice === minutes ? 'page' : undefined}
            data-testid={`room-${choice}`}
          >
            {t('games.minutesShort', { minutes: choice / 60 })}
          </Link>
        ))}
      </nav>
      <WingoRoomView key={roomId} room={room} pour={(bet) => api('/wingo/pour', { min: minutes, agree: true, ...bet })} />
    </div>
  );
}
