import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperator, TOperatorChangeResponse } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { CreateOperatorForm } from './create-operator-form.tsx';
import { OperatorChangeDialog, type OperatorChange } from './operator-change-dialog.tsx';
import { OwnerRequestsSection } from './owner-requests-section.tsx';

// Operators (owners): create one (their one-time password is e-mailed to them), reset or disable one
// with a fresh code (for another owner only a request a second owner approves), and the changes
// waiting for a second owner.

const column = createColumnHelper<TOperator>();
type Pending = { change: OperatorChange; subject: TOperator };

export function OperatorsScreen() {
  const { t } = useTranslation();
  const ownId = useSession()?.operator.id;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ done: Pending; answer: TOperatorChangeResponse } | null>(null);
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => adminApi('/operators/list', {}) });
  const change = useMutation({
    mutationFn: ({ change, subject, code }: Pending & { code: string }) =>
      adminApi(change === 'reset' ? '/operators/reset' : '/operators/disable', { operatorId: subject.id, code }),
    onSuccess: (answer, asked) => {
      setPending(null);
      setOutcome({ done: asked, answer });
      for (const queryKey of [['operators'], ['ownerRequests']]) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const columns = useMemo(() => {
    const ask = (pendingChange: Pending) => {
      change.reset();
      setPending(pendingChange);
    };
    return [
      column.accessor('name', { header: t('operators.name') }),
      column.accessor('login', { header: t('operators.login') }),
      column.accessor('role', { header: t('operators.role'), cell: (cell) => t(`roles.${cell.getValue()}`) }),
      column.display({
        id: 'state',
        header: t('operators.state'),
        cell: ({ row }) =>
          row.original.isDisabled
            ? t('operators.disabled')
            : row.original.isTotpEnrolled
              ? t('operators.active')
              : t('operators.invited'),
      }),
      column.accessor('lastSignInTime', { header: t('operators.lastSignIn'), cell: (cell) => formatTime(cell.getValue()) }),
      column.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('operators.actions')}</span>,
        cell: ({ row }) =>
          row.original.isDisabled || row.original.id === ownId ? null : (
            <span className="cell-actions">
              <button
                type="button"
                className="button secondary small"
                onClick={() => ask({ change: 'reset', subject: row.original })}
              >
                {t('operators.reset')}
              </button>
              <button
                type="button"
                className="button danger small"
                onClick={() => ask({ change: 'disable', subject: row.original })}
              >
                {t('operators.disable')}
              </button>
            </span>
          ),
      }),
    ];
  }, [t, ownId, change]);

  return (
    <section className="screen">
      <h1>{t('nav.operators')}</h1>
      <CreateOperatorForm />
      {outcome ? <ChangeOutcome {...outcome} /> : null}
      {operators.isPending ? (
        <Loading />
      ) : operators.isError ? (
        <ErrorState error={operators.error} onRetry={() => void operators.refetch()} />
      ) : operators.data.list.length === 0 ? (
        <Empty />
      ) : (
        <>
          <CsvButton
            fileName="operators.csv"
            header={['id', 'name', 'login', 'role', 'disabled', 'two-factor enrolled', 'created', 'last sign-in']}
            rows={operators.data.list.map((row) => [
              row.id,
              row.name,
              row.login,
              row.role,
              row.isDisabled ? 'yes' : 'no',
              row.isTotpEnrolled ? 'yes' : 'no',
              row.createTime,
              row.lastSignInTime,
            ])}
          />
          <DataTable label={t('nav.operators')} data={operators.data.list} columns={columns} />
        </>
      )}
      <OwnerRequestsSection />
      {pending ? (
        <OperatorChangeDialog
          change={pending.change}
          subject={pending.subject}
          isWorking={change.isPending}
          error={change.error}
          onConfirm={(code) => change.mutate({ ...pending, code })}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </section>
  );
}

/** What a reset or a disabling did: made (and where a new one-time password went), or asked of a second owner. */
function ChangeOutcome({ done, answer }: { done: Pending; answer: TOperatorChangeResponse }) {
  const { t } = useTranslation();
  const who = { name: done.subject.name, login: done.subject.login };
  const text = answer.ownerRequest
    ? t(done.change === 'reset' ? 'operators.resetWaiting' : 'operators.disableWaiting', who)
    : done.change === 'reset'
      ? `${t('operators.wasReset', who)} ${t('operators.passwordSentTo', { to: answer.passwordSentTo })}`
      : t('operators.wasDisabled', who);
  return (
    <p className="notice" role="status" data-testid="operator-changed">
      {text}
    </p>
  );
}
