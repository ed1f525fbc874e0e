import type { TThirdGame, TThirdLaunch } from '@mayur/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../shared/api/api.ts';
import { useSessionToken } from '../../shared/api/session.ts';
import { SparkIcon } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { GameFrame } from './game-frame.tsx';
import styles from './third-games.module.css';
import { matchesSearch } from './search-games.ts';

type Catalogue = { categories: string[]; list: TThirdGame[] };
const ALL = 'all';

/** The PG GAMES catalogue: categories, a search, tiles with lazily loaded images; a tile launches its game. */
export function PgGamesPanel() {
  const { t, i18n } = useTranslation('third-games');
  const navigate = useNavigate();
  const token = useSessionToken();
  const [catalogue, setCatalogue] = useState<Catalogue | null | 'failed'>(null);
  const [category, setCategory] = useState(ALL);
  const [search, setSearch] = useState('');
  const [launch, setLaunch] = useState<{ game: TThirdGame; session: TThirdLaunch } | null>(null);
  const [launching, setLaunching] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    api('/third/games', { locale: i18n.language }).then(
      (result) => isCurrent && setCatalogue(result),
      () => isCurrent && setCatalogue('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [i18n.language]);

  const games = useMemo(() => {
    if (!catalogue || catalogue === 'failed') return [];
    return catalogue.list.filter((game) => (category === ALL || game.category === category) && matchesSearch(game.name, search));
  }, [catalogue, category, search]);

  async function open(game: TThirdGame) {
    if (!token) {
      navigate('/login');
      return;
    }
    setLaunching(`${game.provider}/${game.code}`);
    try {
      const session = await api('/third/launch', { provider: game.provider, gameCode: game.code, locale: i18n.language });
      if (session.isFramed) setLaunch({ game, session });
      else window.location.assign(session.launchUrl);
    } catch {
      // The API client has told the player why (a break, a game gone from the catalogue).
    } finally {
      setLaunching(null);
    }
  }

  if (catalogue === null) return <Spinner label={t('thirdGames.loading')} />;
  if (catalogue === 'failed' || catalogue.list.length === 0) {
    return (
      <div className={styles.empty}>
        <SparkIcon size={30} />
        <p>{t('thirdGames.empty')}</p>
      </div>
    );
  }
  const categoryLabel = (value: string) => t(`thirdGames.categories.${value}`, { defaultValue: value });
  return (
    <section className={styles.panel} aria-label={t('thirdGames.heading')}>
      <input
        type="search"
        className={styles.search}
        placeholder={t('thirdGames.search')}
        aria-label={t('thirdGames.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div className={styles.categories} role="group" aria-label={t('thirdGames.categoriesLabel')}>
        {[ALL, ...catalogue.categories].map((value) => (
          <button
            key={value}
            type="button"
            className={styles.category}
            aria-pressed={category === value}
            onClick={() => setCategory(value)}
          >
            {value === ALL ? t('thirdGames.all') : categoryLabel(value)}
          </button>
        ))}
      </div>
      {games.length === 0 ? (
        <p className={styles.noMatch}>{t('thirdGames.noMatch')}</p>
      ) : (
        <ul className={styles.grid}>
          {games.map((game) => {
            const key = `${game.provider}/${game.code}`;
            return (
              <li key={key}>
                <button
                  type="button"
                  className={styles.tile}
                  onClick={() => void open(game)}
                  disabled={launching !== null}
                  aria-busy={launching === key}
                  data-testid={`third-game-${game.code}`}
                >
                  {game.imageUrl ? (
                    <img src={game.imageUrl} alt="" loading="lazy" decoding="async" width={160} height={160} />
                  ) : (
                    <span className={styles.placeholder} aria-hidden="true">
                      <SparkIcon size={36} />
                    </span>
                  )}
                  <span className={styles.name}>{game.name}</span>
                  <span className={styles.tileCategory}>{categoryLabel(game.category)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {launch && <GameFrame name={launch.game.name} launchUrl={launch.session.launchUrl} onClose={() => setLaunch(null)} />}
    </section>
  );
}
