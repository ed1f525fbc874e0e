import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAdminGameRoom, TAdminGameRound, TAdminGameRtpDay } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

// The games screen: each room's live state with its chain commitment and (crash) the stakes in play,
// a room's last rounds with their results and, once revealed, their seeds, and the return to player
// per room and day against the theoretical. Read-only: nothing on this screen can change a game.

const roomColumn = createColumnHelper<TAdminGameRoom>();
const roundColumn = createColumnHelper<TAdminGameRound>();
const rtpColumn = createColumnHelper<TAdminGameRtpDay>();

function percent(basisPoints: number | null): string {
  return basisPoints === null ? '—' : `${(basisPoints / 100).toFixed(2)} %`;
}

function Hash({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <code className="clip" title={value}>
      {value.slice(0, 16)}…
    </code>
  );
}

export function GamesScreen() {
  const { t } = useTranslation();
  const [room, setRoom] = useState('');
  const rooms = useQuery({ queryKey: ['gameRooms'], queryFn: () => adminApi('/games/rooms', {}), refetchInterval: 5_000 });
  const chosenRoom = room || rooms.data?.rooms[0]?.room || '';
  const rounds = useQuery({
    queryKey: ['gameRounds', chosenRoom],
    queryFn: () => adminApi('/games/rounds', { room: chosenRoom }),
    enabled: chosenRoom !== '',
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const rtp = useQuery({ queryKey: ['gameRtp'], queryFn: () => adminApi('/games/rtp', {}), refetchInterval: 60_000 });

  const roomColumns = useMemo(
    () => [
      roomColumn.accessor('room', { header: t('games.room') }),
      roomColumn.accessor('game', { header: t('games.game') }),
      roomColumn.accessor((row) => row.period ?? row.roundId ?? '—', { id: 'current', header: t('games.current') }),
      roomColumn.accessor('phase', { header: t('games.phase'), cell: (cell) => t(`games.phases.${cell.getValue()}`) }),
      roomColumn.accessor('bettingClosesAt', { header: t('games.bettingCloses'), cell: (cell) => formatTime(cell.getValue()) }),
      roomColumn.accessor('endsAt', { header: t('games.endsAt'), cell: (cell) => formatTime(cell.getValue()) }),
      roomColumn.accessor((row) => row.chain?.commitment ?? null, {
        id: 'commitment',
        header: t('games.commitment'),
        cell: (cell) => <Hash value={cell.getValue()} />,
      }),
      roomColumn.accessor('exposure', {
        header: t('games.exposure'),
        cell: (cell) => {
          const exposure = cell.getValue();
          if (!exposure) return '—';
          return t('games.exposureText', {
            bets: exposure.openBets,
            stakes: formatRupees(exposure.stakesInPlay),
            cashedOut: exposure.cashedOutBets,
            wins: formatRupees(exposure.cashedOutWins),
          });
        },
      }),
    ],
    [t],
  );
  const roundColumns = useMemo(
    () => [
      roundColumn.accessor('round', { header: t('games.round') }),
      roundColumn.accessor('state', { header: t('games.state') }),
      roundColumn.accessor('startsAt', { header: t('games.startsAt'), cell: (cell) => formatTime(cell.getValue()) }),
      roundColumn.accessor('result', { header: t('games.result'), cell: (cell) => cell.getValue() ?? t('games.notRevealed') }),
      roundColumn.accessor('bets', { header: t('games.bets') }),
      roundColumn.accessor('stakes', { header: t('games.stakes'), cell: (cell) => formatRupees(cell.getValue()) }),
      roundColumn.accessor((row) => `${row.chainId}/${row.chainIndex}`, { id: 'chain', header: t('games.chainIndex') }),
      roundColumn.accessor('commitment', { header: t('games.commitment'), cell: (cell) => <Hash value={cell.getValue()} /> }),
      roundColumn.accessor('seed', {
        header: t('games.seed'),
        cell: (cell) => (cell.getValue() ? <Hash value={cell.getValue()} /> : t('games.notRevealed')),
      }),
    ],
    [t],
  );
  const rtpColumns = useMemo(
    () => [
      rtpColumn.accessor('day', { header: t('games.day') }),
      rtpColumn.accessor('room', { header: t('games.room') }),
      rtpColumn.accessor('bets', { header: t('games.bets') }),
      rtpColumn.accessor('stakes', { header: t('games.stakes'), cell: (cell) => formatRupees(cell.getValue()) }),
      rtpColumn.accessor('wins', { header: t('games.wins'), cell: (cell) => formatRupees(cell.getValue()) }),
      rtpColumn.accessor('actualBp', { header: t('games.actual'), cell: (cell) => percent(cell.getValue()) }),
      rtpColumn.accessor('theoreticalBp', { header: t('games.theoretical'), cell: (cell) => percent(cell.getValue()) }),
    ],
    [t],
  );

  return (
    <section className="screen">
      <h1>{t('nav.games')}</h1>
      <p className="muted">{t('games.intro')}</p>

      <section aria-labelledby="games-rooms">
        <h2 id="games-rooms">{t('games.rooms')}</h2>
        {rooms.isPending ? (
          <Loading />
        ) : rooms.isError ? (
          <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
        ) : (
          <DataTable label={t('games.rooms')} data={rooms.data.rooms} columns={roomColumns} />
        )}
      </section>

      <section aria-labelledby="games-rounds">
        <div className="section-head">
          <h2 id="games-rounds">{t('games.rounds')}</h2>
          {rounds.data && rounds.data.rounds.length > 0 ? (
            <CsvButton
              fileName={`game-rounds-${rounds.data.room}.csv`}
              title={t('csv.loadedRows')}
              header={[
                'round',
                'state',
                'starts',
                'settled',
                'result',
                'bets',
                'stakes',
                'chain',
                'chain index',
                'commitment',
                'seed',
              ]}
              rows={rounds.data.rounds.map((row) => [
                row.round,
                row.state,
                row.startsAt,
                row.settledAt,
                row.result,
                row.bets,
                row.stakes,
                row.chainId,
                row.chainIndex,
                row.commitment,
                row.seed,
              ])}
            />
          ) : null}
        </div>
        <div className="filters">
          <label>
            {t('games.room')}
            <select value={chosenRoom} onChange={(event) => setRoom(event.target.value)}>
              {(rooms.data?.rooms ?? []).map((option) => (
                <option key={option.room} value={option.room}>
                  {option.room}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted">{t('games.seedHint')}</p>
        {chosenRoom === '' || rounds.isPending ? (
          <Loading />
        ) : rounds.isError ? (
          <ErrorState error={rounds.error} onRetry={() => void rounds.refetch()} />
        ) : rounds.data.rounds.length === 0 ? (
          <Empty text={t('games.noRounds')} />
        ) : (
          <DataTable label={t('games.rounds')} data={rounds.data.rounds} columns={roundColumns} />
        )}
      </section>

      <section aria-labelledby="games-rtp">
        <div className="section-head">
          <h2 id="games-rtp">{t('games.rtp')}</h2>
          {rtp.data && rtp.data.days.length > 0 ? (
            <CsvButton
              fileName={`game-rtp-${rtp.data.today}.csv`}
              header={['day', 'room', 'bets', 'stakes', 'wins', 'actual bp', 'theoretical bp']}
              rows={rtp.data.days.map((row) => [
                row.day,
                row.room,
                row.bets,
                row.stakes,
                row.wins,
                row.actualBp,
                row.theoreticalBp,
              ])}
            />
          ) : null}
        </div>
        <p className="muted">{t('games.rtpHint')}</p>
        {rtp.isPending ? (
          <Loading />
        ) : rtp.isError ? (
          <ErrorState error={rtp.error} onRetry={() => void rtp.refetch()} />
        ) : rtp.data.days.length === 0 ? (
          <Empty text={t('games.noStakes')} />
        ) : (
          <DataTable label={t('games.rtp')} data={rtp.data.days} columns={rtpColumns} />
        )}
      </section>
    </section>
  );
}
