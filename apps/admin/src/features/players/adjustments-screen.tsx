import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTMENT_STATUSES,
  adminEndpoints,
  isAllowed,
  ZAdjustmentRejectRequest,
  type TAdjustment,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { approverKeyOf, hasTakenPart } from '../../shared/ui/maker-checker.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { ApproveAdjustmentDialog } from './approve-adjustment-dialog.tsx';

// Balance adjustments: those waiting for a second operator first. The operator who asked, or one who
// already approved, is not offered Approve (the server refuses it anyway); approving asks first, since
// it posts at once. Approve and Reject show where the role may decide (owner, finance).

const PAGE_SIZE = 50;
const column = createColumnHelper<TAdjustment>();
const FILTERS = [...ADJUSTMENT_STATUSES, 'all'] as const;
type Filter = (typeof FILTERS)[number];

export function AdjustmentsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Filter>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [outcome, setOutcome] = useState<TAdjustment | null>(null);
  const [toApprove, setToApprove] = useState<TAdjustment | null>(null);
  const ownId = session?.operator.id;
  const canDecide = session ? isAllowed(adminEndpoints['/adjustments/approve'].access, session.operator.role) : false;
  const onDecided = (decided: TAdjustment) => {
    setOutcome(decided);
    void queryClient.invalidateQueries({ queryKey: ['adjustments'] });
  };
  const approve = useMutation({
    mutationFn: (adjustmentId: string) => adminApi('/adjustments/approve', { adjustmentId }),
    onSuccess: (decided) => {
      setToApprove(null);
      onDecided(decided);
    },
  });
  const reject = useMutation({
    mutationFn: (input: { adjustmentId: string; reason: string }) => adminApi('/adjustments/reject', input),
    onSuccess: onDecided,
  });
  const adjustments = useQuery({
    queryKey: ['adjustments', status, pageNum],
    queryFn: () => adminApi('/adjustments/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor('id', { header: t('adjustments.number') }),
      column.accessor('createTime', { header: t('adjustments.asked'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('playerId', {
        header: t('adjustments.player'),
        cell: (cell) => <Link to={`/players/${cell.getValue()}`}>{cell.getValue()}</Link>,
      }),
      column.accessor('amount', { header: t('adjustments.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('reason', { header: t('adjustments.reason') }),
      column.accessor('status', {
        header: t('adjustments.status'),
        cell: (cell) => t(`adjustments.statuses.${cell.getValue()}`),
      }),
      column.accessor('requestedBy', { header: t('adjustments.requestedBy') }),
      column.accessor('approvals', {
        header: t('adjustments.approvals'),
        cell: ({ row }) =>
          `${row.original.approvals.join(', ')}${row.original.needsSecondApproval ? ` (${t('adjustments.needsTwo')})` : ''}`,
      }),
      ...(canDecide
        ? [
            column.display({
              id: 'actions',
              header: t('adjustments.actions'),
              cell: ({ row }) =>
                row.original.status === 'pending' ? (
                  <span className="cell-actions">
                    {hasTakenPart(ownId, [row.original.requestedByKey, ...row.original.approverKeys]) ? (
                      <span className="muted" data-testid="approved-by-me">
                        {ownId !== undefined && row.original.requestedByKey === approverKeyOf(ownId)
                          ? t('adjustments.youAsked')
                          : t('adjustments.youApproved')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="button small"
                        disabled={approve.isPending}
                        onClick={() => {
                          approve.reset();
                          setToApprove(row.original);
                        }}
                      >
                        {t('adjustments.approve')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button danger small"
                      disabled={reject.isPending}
                      onClick={() => {
                        const reason = window.prompt(t('adjustments.rejectReason')) ?? '';
                        const parsed = ZAdjustmentRejectRequest.safeParse({ adjustmentId: row.original.id, reason });
                        if (parsed.success) reject.mutate(parsed.data);
                      }}
                    >
                      {t('adjustments.reject')}
                    </button>
                  </span>
                ) : null,
            }),
          ]
        : []),
    ],
    [t, canDecide, ownId, approve, reject],
  );
  const decisionError = reject.error;
  return (
    <section className="screen">
      <h1>{t('nav.adjustments')}</h1>
      {adjustments.data ? (
        <p className="muted">{t('adjustments.intro', { limit: adjustments.data.secondApprovalAbove })}</p>
      ) : null}
      {decisionError ? (
        <p className="form-error" role="alert">
          {errorText(t, decisionError)}
        </p>
      ) : outcome ? (
        <p className="notice" role="status" data-testid="adjustment-outcome">
          {t('adjustments.decided', { id: outcome.id, status: t(`adjustments.statuses.${outcome.status}`) })}
        </p>
      ) : null}
      <div className="filters">
        <label>
          {t('adjustments.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPageNum(1);
            }}
          >
            {FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`adjustments.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        {adjustments.data && adjustments.data.list.length > 0 ? (
          <CsvButton
            fileName={`adjustments-${status}-page-${pageNum}.csv`}
            header={['id', 'asked', 'player', 'amount', 'reason', 'status', 'requested by', 'approvals', 'decided by', 'decided']}
            rows={adjustments.data.list.map((row) => [
              row.id,
              row.createTime,
              row.playerId,
              row.amount,
              row.reason,
              row.status,
              row.requestedBy,
              row.approvals.join('; '),
              row.decidedBy,
              row.decidedTime,
            ])}
          />
        ) : null}
      </div>
      {adjustments.isPending ? (
        <Loading />
      ) : adjustments.isError ? (
        <ErrorState error={adjustments.error} onRetry={() => void adjustments.refetch()} />
      ) : adjustments.data.list.length === 0 ? (
        <Empty text={t('adjustments.empty')} />
      ) : (
        <DataTable
          label={t('nav.adjustments')}
          data={adjustments.data.list}
          columns={columns}
          paging={{
            pageNum: adjustments.data.pageNum,
            pageSize: adjustments.data.pageSize,
            total: adjustments.data.total,
            onPage: setPageNum,
          }}
        />
      )}
      {toApprove ? (
        <ApproveAdjustmentDialog
          adjustment={toApprove}
          isWorking={approve.isPending}
          error={approve.error}
          onConfirm={() => approve.mutate(toApprove.id)}
          onCancel={() => setToApprove(null)}
        />
      ) : null}
    </section>
  );
}
