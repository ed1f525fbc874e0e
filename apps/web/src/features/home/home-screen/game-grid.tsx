import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './game-grid.module.css';
import { GAME_TILES, type GameTile } from './game-tiles.ts';

/** Tiles from this index on start below the fold of a 360×740 phone. */
const FIRST_TILE_BELOW_FOLD = 4;

/**
 * Game tiles in a two-column grid (spec §2): by default the six popular games; a later section passes
 * its own tiles and `isBelowFold`, so its pictures load lazily.
 */
export function GameGrid({ tiles = GAME_TILES, isBelowFold = false }: { tiles?: readonly GameTile[]; isBelowFold?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={styles.grid}>
      {tiles.map((tile, index) => (
        <li key={tile.id} className={styles.item}>
          <Link to={tile.url} className={styles.tile} data-testid={`game-tile-${tile.id}`}>
            <img
              className={styles.image}
              src={tile.img}
              alt=""
              width={160}
              height={120}
              decoding="async"
              loading={isBelowFold || index >= FIRST_TILE_BELOW_FOLD ? 'lazy' : 'eager'}
            />
            <span className={styles.caption}>
              <span className={styles.name}>{t(tile.nameKey)}</span>
              {tile.sub && <span className={styles.sub}>{t(tile.sub.key, tile.sub.values)}</span>}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
