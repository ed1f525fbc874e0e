import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { shortRupees } from '../../../shared/lib/money.ts';
import styles from '../components/crash.module.css';

export const AVIATOR_ROOM_IDS = ['limbo', 'limbo1', 'limbo3'] as const;
export type AviatorRoomId = (typeof AVIATOR_ROOM_IDS)[number];

/**
 * The three Aviator rooms, told apart by their bet limits as on home: a player moves between rooms
 * from the game itself. The address is replaced, so Back still leads to where the player came from.
 */
export function AviatorRooms() {
  const { t } = useTranslation();
  return (
    <nav className={styles.roomSwitch} aria-label={t('home.aviatorRooms')}>
      {AVIATOR_ROOM_IDS.map((room) => (
        <NavLink key={room} to={`/games/${room}`} replace className={styles.roomChip} data-testid={`aviator-room-${room}`}>
          {t('games.stakeRange', {
            min: shortRupees(CRASH_ROOMS[room].minBetPaise),
            max: shortRupees(CRASH_ROOMS[room].maxBetPaise),
          })}
        </NavLink>
      ))}
    </nav>
  );
}
