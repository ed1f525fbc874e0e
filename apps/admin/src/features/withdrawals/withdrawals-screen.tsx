import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  isAllowed,
  WITHDRAWAL_QUEUE_FILTERS,
  ZWithdrawalRejectRequest,
  type TWithdrawalDecision,
  type TWithdrawalQueueItem,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { hasTakenPart } from '../../shared/ui/maker-checker.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { ApproveWithdrawalDialog } from './approve-withdrawal-dialog.tsx';

const PAGE_SIZE = 50;
const column = createColumnHelper<TWithdrawalQueueItem>();
type Filter = (typeof WITHDRAWAL_QUEUE_FILTERS)[number];

export function WithdrawalsScreen() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Filter>('WAIT');
  const [pageNum, setPageNum] = useState(1);
  const session = useSession();
  const queryClient = useQueryClient();
  // Approve and Reject show exactly where the server's map lets the role decide (finance, owner).
  const canDecide = session ? isAllowed(adminEndpoints['/withdrawals/approve'].access, session.operator.role) : false;
  const ownId = session?.operator.id;
  const [outcome, setOutcome] = useState<TWithdrawalDecision | null>(null);
  // Approving pays (or records approval 1 of 2): it is asked in a dialog first, never on the click.
  const [toApprove, setToApprove] = useState<TWithdrawalQueueItem | null>(null);
  const onDecided = (decision: TWithdrawalDecision) => {
    setOutcome(decision);
    void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
  };
  const approve = useMutation({
    mutationFn: (withdrawNo: string) => adminApi('/withdrawals/approve', { withdrawNo }),
    onSuccess: (decision) => {
      setToApprove(null);
      onDecided(decision);
    },
  });
  const reject = useMutation({
    mutationFn: (input: { withdrawNo: string; reason: string }) => adminApi('/withdrawals/reject', input),
    onSuccess: onDecided,
  });
  const withdrawals = useQuery({
    queryKey: ['withdrawals', status, pageNum],
    queryFn: () => adminApi('/withdrawals/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      column.accessor('withdrawNo', { header: t('withdrawals.number') }),
      column.accessor('createTime', { header: t('withdrawals.requested'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('playerId', { header: t('withdrawals.player') }),
      column.accessor('amount', { header: t('withdrawals.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('method', { header: t('withdrawals.method'), cell: (cell) => t(`withdrawals.methods.${cell.getValue()}`) }),
      column.accessor('destination', { header: t('withdrawals.destination') }),
      column.accessor('status', {
        header: t('withdrawals.status'),
        cell: (cell) => t(`withdrawals.statuses.${cell.getValue()}`),
      }),
      column.accessor('reason', { header: t('withdrawals.reason'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('approvals', {
        header: t('withdrawals.approvals'),
        cell: ({ row }) =>
          `${row.original.approvals.join(', ') || '—'}${row.original.needsSecondApproval ? ` (${t('withdrawals.needsTwo')})` : ''}`,
      }),
      ...(canDecide
        ? [
            column.display({
              id: 'actions',
              header: t('withdrawals.actions'),
              cell: ({ row }) =>
                row.original.status === 'pending' ? (
                  <span className="cell-actions">
                    {hasTakenPart(ownId, row.original.approverKeys) ? (
                      <span className="muted" data-testid="approved-by-me">
                        {t('withdrawals.youApproved')}
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
                        {row.original.approvals.length > 0 ? t('withdrawals.approveSecond') : t('withdrawals.approve')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button danger small"
                      disabled={reject.isPending}
                      onClick={() => {
                        const reason = window.prompt(t('withdrawals.rejectReason')) ?? '';
                        const parsed = ZWithdrawalRejectRequest.safeParse({ withdrawNo: row.original.withdrawNo, reason });
                        if (parsed.success) reject.mutate(parsed.data);
                      }}
                    >
                      {t('withdrawals.reject')}
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
      <h1>{t('nav.withdrawals')}</h1>
      {withdrawals.data ? (
        <p className="muted">{t('withdrawals.readOnly', { limit: withdrawals.data.secondApprovalAbove })}</p>
      ) : null}
      {decisionError ? (
        <p className="form-error" role="alert">
          {errorText(t, decisionError)}
        </p>
      ) : outcome ? (
        <p className="notice" role="status" data-testid="withdrawal-outcome">
          {outcome.status === 'awaitingSecondApproval'
            ? t('withdrawals.awaitingSecond', { withdrawNo: outcome.withdrawNo })
            : t('withdrawals.decided', { withdrawNo: outcome.withdrawNo, status: t(`withdrawals.statuses.${outcome.status}`) })}
        </p>
      ) : null}
      <div className="filters">
        <label>
          {t('withdrawals.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPageNum(1);
            }}
          >
            {WITHDRAWAL_QUEUE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`withdrawals.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        {withdrawals.data && withdrawals.data.list.length > 0 ? (
          <CsvButton
            fileName={`withdrawals-${status}-page-${pageNum}.csv`}
            title={t('csv.loadedPage')}
            header={[
              'number',
              'requested',
              'player',
              'amount',
              'method',
              'destination',
              'status',
              'reason',
              'approvals',
              'needs two approvals',
            ]}
            rows={withdrawals.data.list.map((row) => [
              row.withdrawNo,
              row.createTime,
              row.playerId,
              row.amount,
              row.method,
              row.destination,
              row.status,
              row.reason,
              row.approvals.join('; '),
              row.needsSecondApproval ? 'yes' : 'no',
            ])}
          />
        ) : null}
      </div>
      {withdrawals.isPending ? (
        <Loading />
      ) : withdrawals.isError ? (
        <ErrorState error={withdrawals.error} onRetry={() => void withdrawals.refetch()} />
      ) : withdrawals.data.list.length === 0 ? (
        <Empty text={t('withdrawals.empty')} />
      ) : (
        <DataTable
          label={t('nav.withdrawals')}
          data={withdrawals.data.list}
          columns={columns}
          paging={{
            pageNum: withdrawals.data.pageNum,
            pageSize: withdrawals.data.pageSize,
            total: withdrawals.data.total,
            onPage: setPageNum,
          }}
        />
      )}
      {toApprove && withdrawals.data ? (
        <ApproveWithdrawalDialog
          withdrawal={toApprove}
          secondApprovalAbove={withdrawals.data.secondApprovalAbove}
          isWorking={approve.isPending}
          error={approve.error}
          onConfirm={() => approve.mutate(toApprove.withdrawNo)}
          onCancel={() => setToApprove(null)}
        />
      ) : null}
    </section>
  );
}
