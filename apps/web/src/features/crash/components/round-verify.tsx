import type { CrashRoomId } from '@mayur/rules/crash-rooms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/api.ts';
import { formatMultiplier } from './crash-api.ts';
import styles from './crash.module.css';

type VerifyState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: number }
  | { kind: 'done'; isInChain: boolean; computedX100: number; isSame: boolean; commitment: string; salt: string }
  | { kind: 'failed' };

/**
 * Recomputes a crash round in the browser (DESIGN.md §6): the revealed seed hashes back to the
 * published commitment, and HMAC(seed, salt) gives the crash point the server published.
 */
export function RoundVerify({ room, roundId, publishedX100 }: { room: CrashRoomId; roundId: string; publishedX100: number }) {
  const { t } = useTranslation('crash');
  const [state, setState] = useState<VerifyState>({ kind: 'idle' });

  const verify = async () => {
    setState({ kind: 'running', progress: 0 });
    try {
      // The hashing code loads on the first Verify, not with the screen: the flight paints first.
      const [round, { crashPointX100, roundDigest }, { isSeedInChainAsync }] = await Promise.all([
        api('/fair/round', { game: 'crash', room, roundId }, { isSilent: true }),
        import('@mayur/fairness'),
        import('../../fairness/fairness-screen/verify-round.ts'),
      ]);
      if (!round.seed) return setState({ kind: 'failed' });
      const isInChain = await isSeedInChainAsync(round.seed, round.chainIndex, round.commitment, (progress) =>
        setState({ kind: 'running', progress }),
      );
      const computedX100 = crashPointX100(roundDigest(round.seed, round.salt), BigInt(round.edge));
      setState({
        kind: 'done',
        isInChain,
        computedX100,
        isSame: computedX100 === publishedX100 && round.crashPointX100 === publishedX100,
        commitment: round.commitment,
        salt: round.salt,
      });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  if (state.kind === 'idle' || state.kind === 'failed') {
    return (
      <span className={styles.verifyLine}>
        <button type="button" className={styles.linkButton} onClick={() => void verify()} data-testid="verify-round">
          {t('crash.verify')}
        </button>
        {state.kind === 'failed' ? <span className={styles.lost}>{t('crash.verifyFailed')}</span> : null}
      </span>
    );
  }
  if (state.kind === 'running') {
    return <span aria-live="polite">{t('crash.verifying', { percent: Math.floor(state.progress * 100) })}</span>;
  }
  const isVerified = state.isInChain && state.isSame;
  return (
    <span className={styles.verifyResult} data-testid="round-verdict" data-verified={isVerified} aria-live="polite">
      <span className={isVerified ? styles.won : styles.lost}>{isVerified ? t('crash.verified') : t('crash.notVerified')}</span>
      <span>
        {t('crash.computed')}:{' '}
        <span className="ltr-text" dir="ltr">
          {formatMultiplier(state.computedX100)}
        </span>
      </span>
      <span className={styles.seed}>
        {t('crash.commitment')}: <code>{state.commitment}</code>
      </span>
      <span className={styles.seed}>
        {t('crash.salt')}: <code>{state.salt}</code>
      </span>
    </span>
  );
}
