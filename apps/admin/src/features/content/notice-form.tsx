import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONTENT_LOCALES, ZNoticeSaveRequest, type TAdminNotice, type TNoticeSaveRequest } from '@mayur/contracts/admin';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { errorText } from '../../shared/ui/states.tsx';

// One notice's form (new, or an edit of `notice`), with a live preview of the notice dialog as the
// player app draws it: title, message and the three links.

export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
export const toInstant = (local: string) => {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? 'invalid' : date.toISOString();
};

export function NoticeForm({ notice, onDone }: { notice: TAdminNotice | null; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState({
    locale: notice?.locale ?? '',
    title: notice?.title ?? '',
    message: notice?.message ?? '',
    downloadUrl: notice?.downloadUrl ?? '',
    mainUrl: notice?.mainUrl ?? '',
    promotionUrl: notice?.promotionUrl ?? '',
    isPublished: notice?.isPublished ?? true,
    starts: toLocalInput(notice?.startsTime ?? null),
    ends: toLocalInput(notice?.endsTime ?? null),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: TNoticeSaveRequest) => adminApi('/content/notices/save', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['notices'] });
      onDone();
    },
  });
  const set = (field: keyof typeof draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: TNoticeSaveRequest = {
      ...(notice ? { id: notice.id } : {}),
      locale: (draft.locale || null) as TNoticeSaveRequest['locale'],
      title: draft.title,
      message: draft.message,
      downloadUrl: draft.downloadUrl,
      mainUrl: draft.mainUrl,
      promotionUrl: draft.promotionUrl,
      isPublished: draft.isPublished,
      startsTime: toInstant(draft.starts),
      endsTime: toInstant(draft.ends),
    };
    const parsed = ZNoticeSaveRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(input);
  }
  const error = (field: string) => (errors[field] ? <span className="field-error">{t(`errors.${errors[field]}`)}</span> : null);

  return (
    <div className="content-edit">
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="notice-form-title">
        <h2 id="notice-form-title">{notice ? t('content.editNotice', { id: notice.id }) : t('content.newNotice')}</h2>
        <label>
          {t('content.language')}
          <select value={draft.locale} onChange={set('locale')}>
            <option value="">{t('content.everyLanguage')}</option>
            {CONTENT_LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
          {error('locale')}
        </label>
        <label>
          {t('content.title')}
          <input value={draft.title} onChange={set('title')} />
          {error('title')}
        </label>
        <label>
          {t('content.message')}
          <textarea rows={4} value={draft.message} onChange={set('message')} />
          {error('message')}
        </label>
        {(['downloadUrl', 'mainUrl', 'promotionUrl'] as const).map((field) => (
          <label key={field}>
            {t(`content.links.${field}`)}
            <input value={draft[field]} onChange={set(field)} placeholder="https://" />
            {error(field)}
          </label>
        ))}
        <div className="row">
          <label>
            {t('content.starts')}
            <input type="datetime-local" value={draft.starts} onChange={set('starts')} />
            {error('startsTime')}
          </label>
          <label>
            {t('content.ends')}
            <input type="datetime-local" value={draft.ends} onChange={set('ends')} />
            {error('endsTime')}
          </label>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.isPublished}
            onChange={(event) => setDraft((current) => ({ ...current, isPublished: event.target.checked }))}
          />
          {t('content.published')}
        </label>
        {save.error ? (
          <p className="form-error" role="alert">
            {errorText(t, save.error)}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" className="button secondary" onClick={onDone}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button" disabled={save.isPending}>
            {t('content.save')}
          </button>
        </div>
      </form>
      <aside className="card preview" aria-label={t('content.preview')} data-testid="notice-preview">
        <p className="muted">{t('content.preview')}</p>
        <h3>{draft.title || '—'}</h3>
        <p className="preview-message">{draft.message || '—'}</p>
        <ul>
          {(['downloadUrl', 'mainUrl', 'promotionUrl'] as const)
            .filter((field) => draft[field])
            .map((field) => (
              <li key={field}>
                {t(`content.links.${field}`)}: <code className="clip">{draft[field]}</code>
              </li>
            ))}
        </ul>
      </aside>
    </div>
  );
}
