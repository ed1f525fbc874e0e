import type { TLotteryResult } from '@mayur/contracts';
import { LOTTERY_ROOMS, LOTTERY_ROOM_IDS, type LotteryRoom, type PkRoom } from '@mayur/rules/lottery-rooms';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { keepInputValue } from '../../../shared/lib/keep-input-value.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { FormError } from '../../../shared/ui/checkbox-field.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { Spinner } from '../../../shared/ui/spinner.tsx';
import { ResultView } from '../../lottery/components/result-view.tsx';
import { bitgameRoomApi, pkRoomApi, wingoRoomApi, type LotteryRoomApi } from '../../lottery/components/room-api.ts';
import { verifyRound, type Verification } from './verify-round.ts';
import styles from './fairness-screen.module.css';

const PERIOD_PATTERN = /^\d{14}$/;

function roomApiOf(roomId: LotteryRoom): LotteryRoomApi {
  if (roomId === 'bitgame') return bitgameRoomApi;
  if (roomId === 'wingo-1') return wingoRoomApi(60, roomId);
  if (roomId === 'wingo-3') return wingoRoomApi(180, roomId);
  if (roomId === 'wingo-5') return wingoRoomApi(300, roomId);
  return pkRoomApi(roomId as PkRoom);
}

function readRoom(value: string | null): LotteryRoom {
  return value && (LOTTERY_ROOM_IDS as string[]).includes(value) ? (value as LotteryRoom) : 'wingo-1';
}

/** Where a player checks any finished round: the scheme in plain words, then a recomputation in the browser. */
export function FairnessScreen() {
  const { t } = useTranslation('fairness');
  const [searchParams, setSearchParams] = useSearchParams();
  const roomId = readRoom(searchParams.get('room'));
  const game = LOTTERY_ROOMS[roomId].game;
  const roomSelectId = useId();

  const chain = useQuery({
    queryKey: ['fairness', 'chain', roomId],
    queryFn: ({ signal }) => api('/fair/chain', { game, room: roomId }, { signal, isSilent: true }),
  });

  return (
    <div className={styles.screen}>
      <section className={styles.card} aria-labelledby="fairness-how">
        <h2 id="fairness-how" className={styles.heading}>
          {t('fairness.howTitle')}
        </h2>
        <p>{t('fairness.how1')}</p>
        <ChainDiagram />
        <p>{t('fairness.how2')}</p>
        <p>{t('fairness.how3')}</p>
      </section>

      <section className={styles.card} aria-labelledby="fairness-room">
        <h2 id="fairness-room" className={styles.heading}>
          {t('fairness.roomTitle')}
        </h2>
        <label htmlFor={roomSelectId} className={styles.label}>
          {t('fairness.room')}
        </label>
        <select
          id={roomSelectId}
          className={styles.select}
          value={roomId}
          onChange={(event) =>
            setSearchParams(
              { game: LOTTERY_ROOMS[readRoom(event.target.value)].game, room: event.target.value },
              { replace: true },
            )
          }
        >
          {LOTTERY_ROOM_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`fairness.rooms.${id}`)}
            </option>
          ))}
        </select>
        {chain.isError && !chain.data ? (
          <LoadError onRetry={() => void chain.refetch()} />
        ) : !chain.data ? (
          <Spinner size={24} label={t('common.loading')} />
        ) : (
          <dl className={styles.facts} data-testid="fairness-chain">
            <div>
              <dt>{t('fairness.commitment')}</dt>
              <dd className={styles.hash} data-testid="fairness-commitment">
                {chain.data.commitment}
              </dd>
            </div>
            <div>
              <dt>{t('fairness.salt')}</dt>
              <dd className={styles.hash}>{chain.data.salt}</dd>
            </div>
            <div>
              <dt>{t('fairness.chainLength')}</dt>
              <dd className="ltr-text">{chain.data.chainLength}</dd>
            </div>
          </dl>
        )}
      </section>

      <VerifyRound key={roomId} roomId={roomId} initialPeriod={searchParams.get('period') ?? ''} />
    </div>
  );
}

function ChainDiagram() {
  const { t } = useTranslation('fairness');
  return (
    <figure className={styles.diagram}>
      <ol className={`${styles.chain} ltr-text`} aria-label={t('fairness.diagramLabel')}>
        <li className={styles.node}>s₀</li>
        <li className={styles.arrow} aria-hidden="true">
          ← sha256 ←
        </li>
        <li className={styles.node}>s₁</li>
        <li className={styles.arrow} aria-hidden="true">
          ← … ←
        </li>
        <li className={`${styles.node} ${styles.nodeCurrent}`}>sₖ</li>
        <li className={styles.arrow} aria-hidden="true">
          ← … ←
        </li>
        <li className={styles.node}>
          s<sub>N</sub>
        </li>
      </ol>
      <p className={`${styles.formula} ltr-text`}>HMAC-SHA256(sₖ, salt) → D → ⌊10·u₀/2⁵²⌋</p>
      <figcaption className={styles.caption}>{t('fairness.diagramCaption')}</figcaption>
    </figure>
  );
}

type VerifyOutcome =
  | { kind: 'pending' }
  | { kind: 'done'; verification: Verification; seed: string; chainIndex: number; serverResult: TLotteryResult | null };

function VerifyRound({ roomId, initialPeriod }: { roomId: LotteryRoom; initialPeriod: string }) {
  const { t } = useTranslation('fairness');
  const game = LOTTERY_ROOMS[roomId].game;
  const periodId = useId();
  const listId = useId();
  const [period, setPeriod] = useState(initialPeriod);
  // The period being verified; one handed over in the address (from a game record row) is checked at once.
  const [target, setTarget] = useState(PERIOD_PATTERN.test(initialPeriod) ? initialPeriod : '');
  const [inputError, setInputError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const recent = useQuery({
    queryKey: ['lottery', roomId, 'games', 'fairness'],
    queryFn: ({ signal }) => roomApiOf(roomId).gameLog(1, 10, signal),
  });
  const check = useQuery({
    queryKey: ['fairness', 'verify', roomId, target],
    enabled: target !== '',
    retry: false,
    queryFn: async ({ signal }): Promise<VerifyOutcome> => {
      setProgress(0);
      const round = await api('/fair/round', { game, room: roomId, period: target }, { signal, isSilent: true });
      if (!round.seed) return { kind: 'pending' };
      const verification = await verifyRound({ game, ...round, seed: round.seed }, setProgress);
      return { kind: 'done', verification, seed: round.seed, chainIndex: round.chainIndex, serverResult: round.result };
    },
  });

  const verify = (next: string) => {
    if (!PERIOD_PATTERN.test(next)) {
      setInputError(t('errors.PERIOD_UNKNOWN'));
      return;
    }
    setInputError(null);
    if (next === target) void check.refetch();
    else setTarget(next);
  };
  const error = inputError ?? (check.error ? (isApiError(check.error) ? check.error.message : t('errors.NETWORK')) : null);
  const state = check.isFetching ? { kind: 'working' as const, progress } : (check.data ?? { kind: 'idle' as const });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify(period.trim());
  };

  return (
    <section className={styles.card} aria-labelledby="fairness-verify">
      <h2 id="fairness-verify" className={styles.heading}>
        {t('fairness.verifyTitle')}
      </h2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label htmlFor={periodId} className={styles.label}>
          {t('fairness.period')}
        </label>
        <div className={styles.inputRow}>
          <input
            id={periodId}
            className={`${styles.input} ltr-text`}
            value={period}
            onChange={(event) =>
              setPeriod(keepInputValue(event.currentTarget, event.currentTarget.value.replace(/\D/g, '').slice(0, 14)))
            }
            inputMode="numeric"
            list={listId}
            placeholder="20250101010001"
            autoComplete="off"
            data-testid="fairness-period"
          />
          <Button type="submit" isBusy={state.kind === 'working'} data-testid="fairness-verify">
            {t('fairness.verify')}
          </Button>
        </div>
        <datalist id={listId}>
          {recent.data?.list.map((entry) => (
            <option key={entry.period} value={entry.period} />
          ))}
        </datalist>
        {recent.data && recent.data.list.length > 0 && (
          <div className={styles.recent} role="group" aria-label={t('fairness.recent')}>
            {recent.data.list.slice(0, 5).map((entry) => (
              <button
                key={entry.period}
                type="button"
                className={`${styles.recentButton} ltr-text`}
                onClick={() => {
                  setPeriod(entry.period);
                  verify(entry.period);
                }}
              >
                {entry.period.slice(-4)}
              </button>
            ))}
          </div>
        )}
        <FormError message={error} />
      </form>

      {state.kind === 'working' && (
        <p className={styles.progress} role="status">
          <Spinner size={18} /> {t('fairness.working', { percent: Math.floor(state.progress * 100) })}
        </p>
      )}
      {state.kind === 'pending' && (
        <p className={styles.progress} role="status" data-testid="fairness-pending">
          {t('fairness.notSettled')}
        </p>
      )}
      {state.kind === 'done' && <VerificationReport state={state} game={game} />}
      <p className={styles.back}>
        <Link
          to={
            game === 'bitgame'
              ? '/games/bitgame'
              : roomId.startsWith('wingo')
                ? `/games/wingo?min=${LOTTERY_ROOMS[roomId].periodMs / 1000}`
                : '/games/wingo-pk'
          }
        >
          {t('fairness.backToGame')}
        </Link>
      </p>
    </section>
  );
}

function Check({ isOk, label, testId }: { isOk: boolean; label: string; testId: string }) {
  const { t } = useTranslation('fairness');
  return (
    <li className={isOk ? styles.ok : styles.bad} data-testid={testId} data-ok={isOk}>
      <span aria-hidden="true">{isOk ? '✓' : '✗'}</span> {label}{' '}
      <span className="visually-hidden">{isOk ? t('fairness.passed') : t('fairness.failed')}</span>
    </li>
  );
}

function VerificationReport({ state, game }: { state: Extract<VerifyOutcome, { kind: 'done' }>; game: 'wingo' | 'bitgame' }) {
  const { t } = useTranslation('fairness');
  const { verification, serverResult } = state;
  const isVerified = verification.isInChain && verification.isSameResult;
  return (
    <div className={styles.report} data-testid="fairness-report" role="status">
      <p className={isVerified ? styles.verdictOk : styles.verdictBad} data-testid="fairness-verdict" data-verified={isVerified}>
        <span aria-hidden="true">{isVerified ? '✓' : '✗'}</span> {isVerified ? t('fairness.verified') : t('fairness.notVerified')}
      </p>
      <ul className={styles.checks}>
        <Check isOk={verification.isInChain} label={t('fairness.chainCheck', { index: state.chainIndex })} testId="check-chain" />
        <Check isOk={verification.isSameResult} label={t('fairness.resultCheck')} testId="check-result" />
      </ul>
      <dl className={styles.facts}>
        <div>
          <dt>{t('fairness.seed')}</dt>
          <dd className={styles.hash}>{state.seed}</dd>
        </div>
        <div>
          <dt>{t('fairness.digest')}</dt>
          <dd className={styles.hash} data-testid="fairness-digest">
            {verification.digest}
          </dd>
        </div>
        <div>
          <dt>{game === 'bitgame' ? t('fairness.computedDigits') : t('fairness.computedNumber')}</dt>
          <dd data-testid="fairness-computed">
            <ResultView result={verification.computed} size="sm" />
          </dd>
        </div>
        <div>
          <dt>{t('fairness.serverResult')}</dt>
          <dd>{serverResult ? <ResultView result={serverResult} size="sm" /> : '—'}</dd>
        </div>
      </dl>
    </div>
  );
}
