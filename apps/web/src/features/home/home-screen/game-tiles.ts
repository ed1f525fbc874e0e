import aviatorImage from '../assets/aviator.svg';
import bitGameImage from '../assets/bitgame.svg';
import crashImage from '../assets/crash.svg';
import winGo1Image from '../assets/wingo-1.svg';
import winGo3Image from '../assets/wingo-3.svg';
import winGo5Image from '../assets/wingo-5.svg';

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
