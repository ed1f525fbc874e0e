import { CRASH_ROOMS } from '@mayur/rules/crash-rooms';
import { PK_ROOMS, type PkRoom } from '@mayur/rules/lottery-rooms';
import { shortRupees } from '../../../shared/lib/money.ts';
import aviatorLimbo1Image from '../assets/aviator-limbo1.svg';
import aviatorLimbo3Image from '../assets/aviator-limbo3.svg';
import aviatorImage from '../assets/aviator.svg';
import bitGameImage from '../assets/bitgame.svg';
import crashImage from '../assets/crash.svg';
import winGo1Image from '../assets/wingo-1.svg';
import winGo3Image from '../assets/wingo-3.svg';
import winGo5Image from '../assets/wingo-5.svg';
import pkBconeImage from '../assets/wingo-pk-bcone.svg';
import pkEmerdImage from '../assets/wingo-pk-emerd.svg';
import pkParityImage from '../assets/wingo-pk-parity.svg';
import pkSapreImage from '../assets/wingo-pk-sapre.svg';

/** A home screen tile (spec §3): name, optional subtitle, image and route. */
export type GameTile = {
  id: string;
  nameKey: string;
  /** The subtitle's key and interpolation values. */
  sub?: { key: string; values?: Record<string, string | number> };
  img: string;
  url: string;
};

export const GAME_TILES: readonly GameTile[] = [
  {
    id: 'wingo-1',
    nameKey: 'games.winGo',
    sub: { key: 'games.minutesShort', values: { minutes: 1 } },
    img: winGo1Image,
    url: '/games/wingo?min=60',
  },
  {
    id: 'wingo-3',
    nameKey: 'games.winGo',
    sub: { key: 'games.minutesShort', values: { minutes: 3 } },
    img: winGo3Image,
    url: '/games/wingo?min=180',
  },
  {
    id: 'wingo-5',
    nameKey: 'games.winGo',
    sub: { key: 'games.minutesShort', values: { minutes: 5 } },
    img: winGo5Image,
    url: '/games/wingo?min=300',
  },
  { id: 'bitgame', nameKey: 'games.bitGame', sub: { key: 'games.bitGameSub' }, img: bitGameImage, url: '/games/bitgame' },
  { id: 'aviator', nameKey: 'games.aviator', sub: { key: 'games.aviatorSub' }, img: aviatorImage, url: '/games/limbo' },
  { id: 'crash', nameKey: 'games.crash', sub: { key: 'games.crashSub' }, img: crashImage, url: '/games/crash' },
];

const PK_IMAGES: Record<PkRoom, string> = {
  parity: pkParityImage,
  sapre: pkSapreImage,
  bcone: pkBconeImage,
  emerd: pkEmerdImage,
};

/** Win Go PK, one tile per room; the room is kept in the URL (`/games/wingo-pk?room=sapre`). */
export const PK_TILES: readonly GameTile[] = PK_ROOMS.map((room) => ({
  id: `wingo-pk-${room}`,
  nameKey: 'games.winGoPk',
  sub: { key: `games.pkRooms.${room}` },
  img: PK_IMAGES[room],
  url: `/games/wingo-pk?room=${room}`,
}));

const AVIATOR_ROOMS = [
  { room: 'limbo', img: aviatorImage },
  { room: 'limbo1', img: aviatorLimbo1Image },
  { room: 'limbo3', img: aviatorLimbo3Image },
] as const;

/** The three Aviator rooms, told apart by their bet limits (packages/contracts crash-rooms.ts). */
export const AVIATOR_ROOM_TILES: readonly GameTile[] = AVIATOR_ROOMS.map(({ room, img }) => ({
  id: `aviator-room-${room}`,
  nameKey: 'games.aviator',
  sub: {
    key: 'games.stakeRange',
    values: { min: shortRupees(CRASH_ROOMS[room].minBetPaise), max: shortRupees(CRASH_ROOMS[room].maxBetPaise) },
  },
  img,
  url: `/games/${room}`,
}));
