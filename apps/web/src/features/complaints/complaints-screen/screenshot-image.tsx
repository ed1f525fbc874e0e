import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../shared/api/api.ts';
import { session } from '../../../shared/api/session.ts';
import styles from './complaints-screen.module.css';

type Loaded = { state: 'loading' } | { state: 'loaded'; url: string } | { state: 'failed' };

/**
 * One screenshot of the player's complaint. The image is served only with the session's token, which
 * an <img src> cannot send, so it is fetched and shown from a blob address (allowed by the CSP).
 */
export function ScreenshotImage({ id, index, width, height }: { id: string; index: number; width: number; height: number }) {
  const { t } = useTranslation('complaints');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    const token = session.getToken();
    fetch(`${API_BASE}/complaints/screenshots/${encodeURIComponent(id)}`, {
      headers: token ? { Authorization: token } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`screenshot ${id}: HTTP ${response.status}`);
        url = URL.createObjectURL(await response.blob());
        setLoaded({ state: 'loaded', url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  const alt = t('complaints.thread.screenshotAlt', { index });
  if (loaded.state === 'failed') return <p className={styles.screenshotFailed}>{t('complaints.thread.screenshotFailed')}</p>;
  return (
    <a
      className={styles.screenshot}
      href={loaded.state === 'loaded' ? loaded.url : undefined}
      target="_blank"
      rel="noreferrer"
      aria-label={alt}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      {loaded.state === 'loaded' && <img src={loaded.url} alt={alt} data-testid="complaint-screenshot" />}
    </a>
  );
}
