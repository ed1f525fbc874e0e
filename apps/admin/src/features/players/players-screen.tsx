import { useQuery } from '@tanstack/react-query';
import { ZPlayerSearchRequest, type TPlayerSummary } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

const column = createColumnHelper<TPlayerSummary>();

export function PlayersScreen() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const players = useQuery({
    queryKey: ['players', query],
    queryFn: () => adminApi('/players/search', { query }),
    enabled: query !== '',
  });
  const columns = useMemo(
    () => [
      column.accessor('id', { header: t('players.id') }),
      column.accessor('nickName', { header: t('players.nickName') }),
      column.accessor('mobile', { header: t('players.mobile'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('email', { header: t('players.email'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('promotionCode', { header: t('players.promotionCode') }),
      column.accessor('cash', { header: t('players.cash'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('bonus', { header: t('players.bonus'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('createTime', { header: t('players.since'), cell: (cell) => formatTime(cell.getValue()) }),
    ],
    [t],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPlayerSearchRequest.safeParse({ query: String(new FormData(event.currentTarget).get('query') ?? '') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'INVALID_FIELD');
    setError(null);
    setQuery(parsed.data.query);
  }

  return (
    <section className="screen">
      <h1>{t('nav.players')}</h1>
      <form className="filters" onSubmit={submit} role="search">
        <label>
          {t('players.search')}
          <input name="query" placeholder={t('players.searchHint')} size={36} />
          {error ? <span className="field-error">{t(`errors.${error}`)}</span> : null}
        </label>
        <button type="submit" className="button">
          {t('players.find')}
        </button>
      </form>
      <p className="muted">{t('players.audited')}</p>
      {query === '' ? null : players.isPending ? (
        <Loading />
      ) : players.isError ? (
        <ErrorState error={players.error} onRetry={() => void players.refetch()} />
      ) : players.data.list.length === 0 ? (
        <Empty text={t('players.none')} />
      ) : (
        <>
          <CsvButton
            fileName="players.csv"
            header={['id', 'nick name', 'mobile', 'e-mail', 'promotion code', 'cash', 'bonus', 'since']}
            rows={players.data.list.map((row) => [
              row.id,
              row.nickName,
              row.mobile,
              row.email,
              row.promotionCode,
              row.cash,
              row.bonus,
              row.createTime,
            ])}
          />
          <DataTable
            label={t('nav.players')}
            data={players.data.list}
            columns={columns}
            onRowClick={(row) => void navigate(`/players/${row.id}`)}
          />
        </>
      )}
    </section>
  );
}
