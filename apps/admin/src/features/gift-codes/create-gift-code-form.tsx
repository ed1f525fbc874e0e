import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GIFT_TARGETS, ZGiftCodeCreateRequest, type TGiftCodeCreateRequest } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatRupees } from '../../shared/ui/format.ts';
import { errorText } from '../../shared/ui/states.tsx';

// Creating a gift code (finance, owner). A cash code, or a bonus code worth more in all than one
// operator may hand out alone, is created waiting for a second operator's approval: the notice says so.

export function CreateGiftCodeForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (input: TGiftCodeCreateRequest) => adminApi('/giftCodes/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['giftCodes'] }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires') ?? '');
    const expiresDate = expires ? new Date(expires) : null;
    const input: TGiftCodeCreateRequest = {
      amount: String(form.get('amount') ?? ''),
      uses: String(form.get('uses') ?? ''),
      target: String(form.get('target') ?? 'bonus') as TGiftCodeCreateRequest['target'],
      // The browser's local date-time, sent as an instant; an unreadable one fails the schema.
      expiresTime: expiresDate ? (Number.isNaN(expiresDate.getTime()) ? 'invalid' : expiresDate.toISOString()) : '',
    };
    const parsed = ZGiftCodeCreateRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    // The raw input goes on the wire (the parsed amount is paise as a bigint); the server parses it again.
    create.mutate(input);
  }

  return (
    <form className="card form inline" onSubmit={submit} noValidate aria-labelledby="create-gift-title">
      <h2 id="create-gift-title">{t('giftCodes.create')}</h2>
      <div className="row">
        <label>
          {t('giftCodes.amountRupees')}
          <input name="amount" inputMode="decimal" autoComplete="off" />
          {errors.amount ? <span className="field-error">{t(`errors.${errors.amount}`)}</span> : null}
        </label>
        <label>
          {t('giftCodes.uses')}
          <input name="uses" inputMode="numeric" defaultValue="1" autoComplete="off" />
          {errors.uses ? <span className="field-error">{t(`errors.${errors.uses}`)}</span> : null}
        </label>
        <label>
          {t('giftCodes.target')}
          <select name="target" defaultValue="bonus">
            {GIFT_TARGETS.map((target) => (
              <option key={target} value={target}>
                {t(`giftCodes.targets.${target}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('giftCodes.expiresOptional')}
          <input name="expires" type="datetime-local" />
          {errors.expiresTime ? <span className="field-error">{t(`errors.${errors.expiresTime}`)}</span> : null}
        </label>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('giftCodes.createSubmit')}
        </button>
      </div>
      {create.error ? (
        <p className="form-error" role="alert">
          {errorText(t, create.error)}
        </p>
      ) : null}
      {create.data ? (
        <p className="notice" role="status" data-testid="gift-code-created">
          {t('giftCodes.created', { amount: formatRupees(create.data.amount), uses: create.data.maxUses })}{' '}
          <code data-testid="gift-code-value">{create.data.code}</code>
          {create.data.status === 'pending' ? <> {t('giftCodes.createdWaiting')}</> : null}
        </p>
      ) : null}
    </form>
  );
}
