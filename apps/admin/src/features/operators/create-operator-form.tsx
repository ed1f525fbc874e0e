import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OPERATOR_ROLES, ZNewOperatorFields } from '@mayur/contracts/admin';
import type { z } from 'zod';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { CodeConfirmDialog } from '../../shared/ui/code-confirm-dialog.tsx';
import { fieldErrors } from '../../shared/ui/form-errors.ts';

// Creating an operator (owners): name, login, role and the operator's own e-mail address, checked with
// the contracts' schema; then a dialog asks the owner for a fresh authenticator code. The one-time
// password is e-mailed to the new operator by the server; the owner only learns where it went.

type NewOperator = z.input<typeof ZNewOperatorFields>;

export function CreateOperatorForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [toCreate, setToCreate] = useState<{ fields: NewOperator; form: HTMLFormElement } | null>(null);
  const create = useMutation({
    mutationFn: (input: NewOperator & { code: string }) => adminApi('/operators/create', input),
    onSuccess: () => {
      toCreate?.form.reset();
      setToCreate(null);
      void queryClient.invalidateQueries({ queryKey: ['operators'] });
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      name: String(form.get('name') ?? ''),
      login: String(form.get('login') ?? ''),
      email: String(form.get('email') ?? ''),
      role: String(form.get('role') ?? '') as NewOperator['role'],
    };
    const parsed = ZNewOperatorFields.safeParse(fields);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.reset();
    setToCreate({ fields, form: event.currentTarget });
  }

  const fieldError = (name: string) => (errors[name] ? <span className="field-error">{t(`errors.${errors[name]}`)}</span> : null);
  return (
    <form className="card form inline" onSubmit={submit} noValidate aria-labelledby="create-operator-title">
      <h2 id="create-operator-title">{t('operators.create')}</h2>
      <div className="row">
        <label>
          {t('operators.name')}
          <input name="name" autoComplete="off" />
          {fieldError('name')}
        </label>
        <label>
          {t('operators.login')}
          <input name="login" autoComplete="off" />
          {fieldError('login')}
        </label>
        <label>
          {t('operators.email')}
          <input name="email" type="email" autoComplete="off" />
          {fieldError('email')}
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
      <p className="hint">{t('operators.createHint')}</p>
      {create.data ? (
        <p className="notice" role="status" data-testid="operator-created">
          {t('operators.created', { name: create.data.operator.name, login: create.data.operator.login })}{' '}
          {t('operators.passwordSentTo', { to: create.data.passwordSentTo })}
        </p>
      ) : null}
      {toCreate ? (
        <CodeConfirmDialog
          title={t('operators.confirmCreateTitle', { ...toCreate.fields, role: t(`roles.${toCreate.fields.role}`) })}
          confirmLabel={t('operators.confirmCreate')}
          isWorking={create.isPending}
          error={create.error}
          onConfirm={(code) => create.mutate({ ...toCreate.fields, code })}
          onCancel={() => setToCreate(null)}
        >
          <p>{t('operators.confirmCreateMail', { email: toCreate.fields.email })}</p>
          <p>{t('operators.confirmCreateBound')}</p>
        </CodeConfirmDialog>
      ) : null}
    </form>
  );
}
