import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_ROLES, ZCreateOperatorRequest, type TOperator } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';

const column = createColumnHelper<TOperator>();

export function OperatorsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const operators = useQuery({ queryKey: ['operators'], queryFn: () => adminApi('/operators/list', {}) });
  const disable = useMutation({
    mutationFn: (operatorId: string) => adminApi('/operators/disable', { operatorId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
  });
  const reset = useMutation({
    mutationFn: (operatorId: string) => adminApi('/operators/reset', { operatorId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
  });
  const ownId = session?.operator.id;
  const columns = useMemo(
    () => [
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
                disabled={reset.isPending}
                onClick={() => {
                  if (window.confirm(t('operators.confirmReset', { name: row.original.name }))) reset.mutate(row.original.id);
                }}
              >
                {t('operators.reset')}
              </button>
              <button
                type="button"
                className="button danger small"
                disabled={disable.isPending}
                onClick={() => {
                  if (window.confirm(t('operators.confirmDisable', { name: row.original.name }))) disable.mutate(row.original.id);
                }}
              >
                {t('operators.disable')}
              </button>
            </span>
          ),
      }),
    ],
    [t, ownId, disable, reset],
  );

  return (
    <section className="screen">
      <h1>{t('nav.operators')}</h1>
      <CreateOperatorForm />
      {disable.error || reset.error ? (
        <p className="form-error" role="alert">
          {errorText(t, disable.error ?? reset.error)}
        </p>
      ) : null}
      {reset.data ? (
        <div className="notice" role="status">
          <p>{t('operators.wasReset', { name: reset.data.operator.name, login: reset.data.operator.login })}</p>
          <p>
            {t('operators.oneTimePassword')} <code>{reset.data.oneTimePassword}</code>
          </p>
        </div>
      ) : null}
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
    </section>
  );
}

function CreateOperatorForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (input: Parameters<typeof adminApi<'/operators/create'>>[1]) => adminApi('/operators/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get('name') ?? ''),
      login: String(form.get('login') ?? ''),
      role: String(form.get('role') ?? ''),
    };
    const parsed = ZCreateOperatorRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data);
    event.currentTarget.reset();
  }

  return (
    <form className="card form inline" onSubmit={submit} noValidate aria-labelledby="create-operator-title">
      <h2 id="create-operator-title">{t('operators.create')}</h2>
      <div className="row">
        <label>
          {t('operators.name')}
          <input name="name" autoComplete="off" />
          {errors.name ? <span className="field-error">{t(`errors.${errors.name}`)}</span> : null}
        </label>
        <label>
          {t('operators.login')}
          <input name="login" autoComplete="off" />
          {errors.login ? <span className="field-error">{t(`errors.${errors.login}`)}</span> : null}
        </label>
        <label>
          {t('operators.role')}
          <select name="role" defaultValue="support">
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('operators.createSubmit')}
        </button>
      </div>
      {create.error ? (
        <p className="form-error" role="alert">
          {errorText(t, create.error)}
        </p>
      ) : null}
      {create.data ? (
        <div className="notice" role="status" data-testid="one-time-password">
          <p>{t('operators.created', { name: create.data.operator.name, login: create.data.operator.login })}</p>
          <p>
            {t('operators.oneTimePassword')} <code data-testid="one-time-password-value">{create.data.oneTimePassword}</code>
          </p>
        </div>
      ) : null}
    </form>
  );
}
