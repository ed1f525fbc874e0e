import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/api.ts';
import { Money } from '../../shared/ui/money.tsx';
import styles from './third-games.module.css';

/** How often the frame's bar reads the balance while a studio's game moves it. */
const BALANCE_REFRESH_MS = 2_000;

/**
 * A studio's game full screen: its page in a frame, with our bar above it — the player's balance, read
 * from our wallet (the studio's figures are its own), and a close button (Escape closes too).
 */
export function GameFrame({ name, launchUrl, onClose }: { name: string; launchUrl: string; onClose: () => void }) {
  const { t } = useTranslation('third-games');
  const [balance, setBalance] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let isCurrent = true;
    const read = () =>
      api('/user/balance', {}).then(
        (result) => isCurrent && setBalance(result.balance),
        () => undefined,
      );
    void read();
    const timer = window.setInterval(() => void read(), BALANCE_REFRESH_MS);
    return () => {
      isCurrent = false;
      window.clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  return (
    <div className={styles.frame} role="dialog" aria-modal="true" aria-label={name}>
      <div className={styles.frameBar}>
        <button ref={closeRef} type="button" className={styles.close} onClick={onClose} data-testid="third-game-close">
          {t('thirdGames.close')}
        </button>
        <span className={styles.frameTitle}>{name}</span>
        <span className={styles.frameBalance}>
          {t('thirdGames.balance')} {balance === null ? '…' : <Money value={balance} testId="third-game-balance" />}
        </span>
      </div>
      <iframe
        className={styles.iframe}
        src={launchUrl}
        title={name}
        allow="fullscreen"
        referrerPolicy="no-referrer"
        data-testid="third-game-frame"
      />
    </div>
  );
}
