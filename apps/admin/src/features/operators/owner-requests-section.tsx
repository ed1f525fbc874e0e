import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOwnerRequest } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CodeConfirmDialog } from '../../shared/ui/code-confirm-dialog.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { approvalEffectKey, ownerRequestText } from './owner-request-text.ts';

// "Waiting for a second owner": changes one owner asked for that another must approve (resetting or
// disabling an owner, an agent programme beyond the single-owner bounds), then the latest decided.
// This is the one place they are decided, each with a fresh code; the owner who asked is offered
// neither Approve nor Reject (the server refuses them too).

export const OWNER_REQUESTS_ID = 'owner-requests';
const column = createColumnHelper<TOwnerRequest>();
type Decision = { verdict: 'approve' | 'reject'; request: TOwnerRequest };

export function OwnerRequestsSection() {
  const { t } = useTranslation();
  const ownId = useSession()?.operator.id;
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const requests = useQuery({ queryKey: ['ownerRequests'], queryFn: () => adminApi('/ownerRequests/list', {}) });
  // The agent programme screen links here (#owner-requests): the list is brought into view once loaded.
  const { hash } = useLocation();
  const isLoaded = requests.isSuccess;
  useEffect(() => {
    if (hash === `#${OWNER_REQUESTS_ID}` && isLoaded) document.getElementById(OWNER_REQUESTS_ID)?.scrollIntoView();
  }, [hash, isLoaded]);
  const decide = useMutation({
    mutationFn: ({ verdict, request, code }: Decision & { code: string }) =>
      adminApi(verdict === 'approve' ? '/ownerRequests/approve' : '/ownerRequests/reject', { requestId: request.id, code }),
    onSuccess: () => {
      setDecision(null);
      for (const queryKey of [['ownerRequests'], ['operators'], ['agentProgramme']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
  const columns = useMemo(() => {
    const open = (verdict: Decision['verdict'], request: TOwnerRequest) => {
      decide.reset();
      setDecision({ verdict, request });
    };
    return [
      column.accessor('requestTime', { header: t('ownerRequests.asked'), cell: (cell) => formatTime(cell.getValue()) }),
      column.display({ id: 'change', header: t('ownerRequests.change'), cell: ({ row }) => ownerRequestText(t, row.original) }),
      column.accessor('requestedBy', { header: t('ownerRequests.askedBy') }),
      column.accessor('status', {
        header: t('ownerRequests.status'),
        cell: (cell) => t(`ownerRequests.statuses.${cell.getValue()}`),
      }),
      column.accessor('decidedBy', { header: t('ownerRequests.decidedBy'), cell: (cell) => cell.getValue() ?? '—' }),
      column.display({
        id: 'actions',
        header: t('ownerRequests.actions'),
        cell: ({ row }) =>
          row.original.status !== 'pending' ? null : row.original.requestedById === ownId ? (
            <span className="muted">{t('ownerRequests.youAsked')}</span>
          ) : (
            <span className="cell-actions">
              <button type="button" className="button small" onClick={() => open('approve', row.original)}>
                {t('ownerRequests.approve')}
              </button>
              <button type="button" className="button danger small" onClick={() => open('reject', row.original)}>
                {t('ownerRequests.reject')}
              </button>
            </span>
          ),
      }),
    ];
  }, [t, ownId, decide]);
  return (
    <section className="panel" id={OWNER_REQUESTS_ID} aria-labelledby="owner-requests-title" data-testid="owner-requests">
      <h2 id="owner-requests-title">{t('ownerRequests.title')}</h2>
      <p className="muted">{t('ownerRequests.intro')}</p>
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.list.length === 0 ? (
        <Empty text={t('ownerRequests.empty')} />
      ) : (
        <DataTable label={t('ownerRequests.title')} data={requests.data.list} columns={columns} />
      )}
      {decision ? (
        <CodeConfirmDialog
          title={t(decision.verdict === 'approve' ? 'ownerRequests.approveTitle' : 'ownerRequests.rejectTitle', {
            by: decision.request.requestedBy,
          })}
          confirmLabel={t(decision.verdict === 'approve' ? 'ownerRequests.approve' : 'ownerRequests.reject')}
          isDanger={decision.verdict === 'reject'}
          isWorking={decide.isPending}
          error={decide.error}
          onConfirm={(code) => decide.mutate({ ...decision, code })}
          onCancel={() => setDecision(null)}
        >
          <p>{ownerRequestText(t, decision.request)}</p>
          <p>{t(decision.verdict === 'approve' ? approvalEffectKey(decision.request) : 'ownerRequests.rejectEffect')}</p>
        </CodeConfirmDialog>
      ) : null}
    </section>
  );
}
