import { useQuery } from '@tanstack/react-query';
import { ADMIN_COMPLAINT_ASSIGNEE_FILTERS, ADMIN_COMPLAINT_FILTERS, type TAdminComplaintSummary } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';

const column = createColumnHelper<TAdminComplaintSummary>();
type Filter = (typeof ADMIN_COMPLAINT_FILTERS)[number];
type AssigneeFilter = (typeof ADMIN_COMPLAINT_ASSIGNEE_FILTERS)[number];

export function ComplaintsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<Filter>('waiting');
  const [assignee, setAssignee] = useState<AssigneeFilter>('anyone');
  const complaints = useQuery({
    queryKey: ['complaints', status, assignee],
    queryFn: () => adminApi('/complaints/list', { status, assignee }),
  });
  const columns = useMemo(
    () => [
      column.accessor('number', { header: t('complaints.number') }),
      column.accessor('playerId', { header: t('complaints.player') }),
      column.accessor('type', { header: t('complaints.type'), cell: (cell) => t(`complaints.types.${cell.getValue()}`) }),
      column.accessor('status', { header: t('complaints.status'), cell: (cell) => t(`complaints.statuses.${cell.getValue()}`) }),
      column.accessor('reference', {
        header: t('complaints.reference'),
        cell: (cell) => {
          const reference = cell.getValue();
          return reference ? `${t(`complaints.kinds.${reference.kind}`)} ${reference.id}` : '—';
        },
      }),
      column.accessor('messageCount', { header: t('complaints.messages') }),
      column.accessor('assignee', { header: t('complaints.assignee'), cell: (cell) => cell.getValue()?.name ?? '—' }),
      column.accessor('updateTime', { header: t('complaints.updated'), cell: (cell) => formatTime(cell.getValue()) }),
    ],
    [t],
  );

  return (
    <section className="screen">
      <h1>{t('nav.complaints')}</h1>
      <div className="filters">
        <label>
          {t('complaints.show')}
          <select value={status} onChange={(event) => setStatus(event.target.value as Filter)}>
            {ADMIN_COMPLAINT_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`complaints.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('complaints.handledBy')}
          <select value={assignee} onChange={(event) => setAssignee(event.target.value as AssigneeFilter)}>
            {ADMIN_COMPLAINT_ASSIGNEE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`complaints.assigneeFilters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {complaints.isPending ? (
        <Loading />
      ) : complaints.isError ? (
        <ErrorState error={complaints.error} onRetry={() => void complaints.refetch()} />
      ) : complaints.data.list.length === 0 ? (
        <Empty text={t('complaints.empty')} />
      ) : (
        <>
          <CsvButton
            fileName={`complaints-${status}-${assignee}.csv`}
            title={complaints.data.isTruncated ? t('csv.loadedRows') : undefined}
            header={[
              'number',
              'player',
              'type',
              'status',
              'reference',
              'messages',
              'attachments',
              'assignee',
              'opened',
              'updated',
            ]}
            rows={complaints.data.list.map((row) => [
              row.number,
              row.playerId,
              row.type,
              row.status,
              row.reference ? `${row.reference.kind} ${row.reference.id}` : null,
              row.messageCount,
              row.attachmentCount,
              row.assignee?.name ?? null,
              row.createTime,
              row.updateTime,
            ])}
          />
          <DataTable
            label={t('nav.complaints')}
            data={complaints.data.list}
            columns={columns}
            onRowClick={(row) => void navigate(`/complaints/${row.number}`)}
          />
          {complaints.data.isTruncated ? <p className="muted">{t('complaints.truncated')}</p> : null}
        </>
      )}
    </section>
  );
}
