import type { TBigWin } from '@mayur/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { isolateLeftToRight } from '../../../shared/lib/bidi.ts';
import { formatRupees } from '../../../shared/lib/money.ts';
import { SparkIcon } from '../../../shared/ui/icons.tsx';
import { AnnouncementStrip } from './announcement-strip.tsx';
import styles from './home-screen.module.css';

/** How often home asks again while it is open (the server keeps its answer for a few seconds). */
const REFRESH_MS = 30_000;
const SEPARATOR = '     ✦     ';

/** The newest real big wins; an empty list until the first answer, and whenever nobody has won. */
function useBigWins(): readonly TBigWin[] {
  const [wins, setWins] = useState<readonly TBigWin[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      api('/home/bigWins', {}, { isSilent: true, signal: controller.signal }).then(
        (answer) => setWins(answer.list),
        () => undefined,
      );
    void read();
    const timer = window.setInterval(() => void read(), REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, []);
  return wins;
}

/**
 * A ticker of real recent big wins across the games (masked players, from /home/bigWins). It shows
 * nothing at all when there are none: never a made-up winner.
 */
export function BigWinsTicker() {
  const { t } = useTranslation();
  const wins = useBigWins();
  if (wins.length === 0) return null;
  const text = wins
    .map((win) =>
      t('home.bigWin', {
        // Kept whole and in their own order inside an Arabic sentence.
        player: isolateLeftToRight(win.player),
        amount: isolateLeftToRight(formatRupees(win.amount)),
        game: t(`games.${win.game}`),
      }),
    )
    .join(SEPARATOR);
  return (
    <div className={styles.bigWins} data-testid="big-wins">
      <AnnouncementStrip
        text={text}
        label={t('home.bigWinsLabel')}
        leftIcon={<SparkIcon size={18} />}
        color="#fde68a"
        background="var(--gradient-night)"
      />
    </div>
  );
}
