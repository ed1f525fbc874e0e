import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TAuditEntry } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';

const PAGE_SIZE = 50;
const column = createColumnHelper<TAuditEntry>();

/** Hands the CSV to the browser as a file download. */
function download(csv: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

function change(entry: TAuditEntry): string {
  if (entry.before === null && entry.after === null) return '';
  return `${JSON.stringify(entry.before)} → ${JSON.stringify(entry.after)}`;
}

export function AuditScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState({ operatorId: '', action: '' });
  const [pageNum, setPageNum] = useState(1);
  const audit = useQuery({
    queryKey: ['audit', filter, pageNum],
    queryFn: () => adminApi('/audit/list', { ...filter, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const exportCsv = useMutation({
    mutationFn: () => adminApi('/audit/export', filter),
    onSuccess: (result) => download(result.csv, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const columns = useMemo(
    () => [
      column.accessor('createTime', { header: t('audit.time'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('actor', { header: t('audit.actor') }),
      column.accessor('action', { header: t('audit.action') }),
      column.accessor('outcome', { header: t('audit.outcome') }),
      column.accessor('ip', { header: t('audit.ip'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('details', {
        header: t('audit.details'),
        cell: (cell) => <code className="clip">{JSON.stringify(cell.getValue())}</code>,
      }),
      column.display({
        id: 'change',
        header: t('audit.change'),
        cell: ({ row }) => <code className="clip">{change(row.original)}</code>,
      }),
    ],
    [t],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setFilter({ operatorId: String(form.get('operatorId') ?? '').trim(), action: String(form.get('action') ?? '').trim() });
    setPageNum(1);
  }

  return (
    <section className="screen">
      <h1>{t('nav.audit')}</h1>
      <form className="filters" onSubmit={submit} role="search">
        <label>
          {t('audit.operatorId')}
          <input name="operatorId" inputMode="numeric" />
        </label>
        <label>
          {t('audit.action')}
          <input name="action" placeholder="admin/complaints/reply" />
        </label>
        <button type="submit" className="button secondary">
          {t('audit.filter')}
        </button>
        <button type="button" className="button secondary" disabled={exportCsv.isPending} onClick={() => exportCsv.mutate()}>
          {t('audit.export')}
        </button>
      </form>
      {exportCsv.error ? (
        <p className="form-error" role="alert">
          {errorText(t, exportCsv.error)}
        </p>
      ) : exportCsv.data ? (
        <p className="muted" role="status">
          {t(exportCsv.data.isTruncated ? 'audit.exportTruncated' : 'audit.exported', { count: exportCsv.data.rowCount })}
        </p>
      ) : null}
      {audit.isPending ? (
        <Loading />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.list.length === 0 ? (
        <Empty />
      ) : (
        <DataTable
          label={t('nav.audit')}
          data={audit.data.list}
          columns={columns}
          paging={{ pageNum: audit.data.pageNum, pageSize: audit.data.pageSize, total: audit.data.total, onPage: setPageNum }}
        />
      )}
    </section>
  );
}
