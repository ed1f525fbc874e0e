import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  CONTENT_LOCALES,
  isAllowed,
  SUPPORT_CHANNEL_KINDS,
  ZSupportContactSaveRequest,
  type TAdminNotice,
  type TSupportContact,
  type TSupportContactSaveRequest,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { BannersSection } from './banners-section.tsx';
import { NoticeForm } from './notice-form.tsx';

// Content the player app shows: notices (their messages run in the home screen's announcement strip,
// the newest one's links fill the notice dialog), the home carousel's banners (banners-section.tsx) and
// support contacts, per language, with previews.

const noticeColumn = createColumnHelper<TAdminNotice>();
const contactColumn = createColumnHelper<TSupportContact>();
const ANNOUNCEMENT_SEPARATOR = '     ✦     ';

export function ContentScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = session ? isAllowed(adminEndpoints['/content/notices/save'].access, session.operator.role) : false;
  const [editing, setEditing] = useState<TAdminNotice | 'new' | null>(null);
  const [stripLocale, setStripLocale] = useState<string>('en-US');
  const notices = useQuery({ queryKey: ['notices'], queryFn: () => adminApi('/content/notices/list', {}) });
  const columns = useMemo(
    () => [
      noticeColumn.accessor('title', { header: t('content.title') }),
      noticeColumn.accessor('locale', {
        header: t('content.language'),
        cell: (cell) => cell.getValue() ?? t('content.everyLanguage'),
      }),
      noticeColumn.accessor('isShowing', {
        header: t('content.state'),
        cell: ({ row }) =>
          row.original.isShowing ? t('content.showing') : row.original.isPublished ? t('content.scheduled') : t('content.hidden'),
      }),
      noticeColumn.accessor('startsTime', { header: t('content.starts'), cell: (cell) => formatTime(cell.getValue()) }),
      noticeColumn.accessor('endsTime', { header: t('content.ends'), cell: (cell) => formatTime(cell.getValue()) }),
      noticeColumn.accessor('updatedBy', { header: t('content.updatedBy'), cell: (cell) => cell.getValue() ?? '—' }),
      ...(canEdit
        ? [
            noticeColumn.display({
              id: 'edit',
              header: t('content.actions'),
              cell: ({ row }) => (
                <button type="button" className="button secondary small" onClick={() => setEditing(row.original)}>
                  {t('content.edit')}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, canEdit],
  );
  // The strip as a player of this language sees it now: the showing notices' messages, newest first.
  const strip = (notices.data?.list ?? [])
    .filter((notice) => notice.isShowing && (notice.locale === null || notice.locale === stripLocale))
    .slice(0, 10)
    .map((notice) => notice.message.replace(/\s+/g, ' ').trim())
    .join(ANNOUNCEMENT_SEPARATOR);

  return (
    <section className="screen">
      <h1>{t('nav.content')}</h1>
      <p className="muted">{t('content.intro')}</p>
      <h2>{t('content.notices')}</h2>
      {canEdit && editing === null ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('content.newNotice')}
          </button>
        </div>
      ) : null}
      {editing !== null ? (
        <NoticeForm
          key={editing === 'new' ? 'new' : editing.id}
          notice={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {notices.isPending ? (
        <Loading />
      ) : notices.isError ? (
        <ErrorState error={notices.error} onRetry={() => void notices.refetch()} />
      ) : notices.data.list.length === 0 ? (
        <Empty text={t('content.noNotices')} />
      ) : (
        <DataTable label={t('content.notices')} data={notices.data.list} columns={columns} />
      )}
      <div className="card preview" data-testid="strip-preview">
        <label>
          {t('content.stripPreview')}
          <select value={stripLocale} onChange={(event) => setStripLocale(event.target.value)}>
            {CONTENT_LOCALES.map((locale) => (
              <option key={locale} value={locale}>
                {locale}
              </option>
            ))}
          </select>
        </label>
        <p className="strip">{strip || t('content.stripDefault')}</p>
      </div>
      <BannersSection />
      <SupportContacts canEdit={canEdit} />
    </section>
  );
}

function SupportContacts({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const contacts = useQuery({ queryKey: ['supportContacts'], queryFn: () => adminApi('/content/supportContacts/list', {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['supportContacts'] });
  const save = useMutation({
    mutationFn: (input: TSupportContactSaveRequest) => adminApi('/content/supportContacts/save', input),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi('/content/supportContacts/remove', { id }),
    onSuccess: refresh,
  });
  const columns = useMemo(
    () => [
      contactColumn.accessor('locale', {
        header: t('content.language'),
        cell: (cell) => cell.getValue() ?? t('content.everyLanguage'),
      }),
      contactColumn.accessor('kind', { header: t('content.kind'), cell: (cell) => t(`content.kinds.${cell.getValue()}`) }),
      contactColumn.accessor('label', { header: t('content.contact') }),
      contactColumn.accessor('url', {
        header: t('content.opens'),
        cell: (cell) => <code className="clip">{cell.getValue()}</code>,
      }),
      contactColumn.accessor('updatedBy', { header: t('content.updatedBy') }),
      contactColumn.accessor('updateTime', { header: t('content.updated'), cell: (cell) => formatTime(cell.getValue()) }),
      ...(canEdit
        ? [
            contactColumn.display({
              id: 'remove',
              header: t('content.actions'),
              cell: ({ row }) => (
                <button
                  type="button"
                  className="button danger small"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(t('content.confirmRemove', { contact: row.original.label })))
                      remove.mutate(row.original.id);
                  }}
                >
                  {t('content.remove')}
                </button>
              ),
            }),
          ]
        : []),
    ],
    [t, canEdit, remove],
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      locale: (String(form.get('locale') ?? '') || null) as TSupportContactSaveRequest['locale'],
      kind: String(form.get('kind') ?? '') as TSupportContactSaveRequest['kind'],
      value: String(form.get('value') ?? ''),
    };
    const parsed = ZSupportContactSaveRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <>
      <h2>{t('content.supportContacts')}</h2>
      <p className="muted">{t('content.supportIntro')}</p>
      {canEdit ? (
        <form className="card form inline" onSubmit={submit} noValidate aria-label={t('content.setContact')}>
          <div className="row">
            <label>
              {t('content.language')}
              <select name="locale" defaultValue="">
                <option value="">{t('content.everyLanguage')}</option>
                {CONTENT_LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {locale}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('content.kind')}
              <select name="kind" defaultValue="telegram">
                {SUPPORT_CHANNEL_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`content.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('content.contact')}
              <input name="value" autoComplete="off" placeholder="@name · +91 98765 43210 · help@example.com" />
              {errors.value ? <span className="field-error">{t(`errors.${errors.value}`)}</span> : null}
            </label>
            <button type="submit" className="button" disabled={save.isPending}>
              {t('content.setContact')}
            </button>
          </div>
          {(save.error ?? remove.error) ? (
            <p className="form-error" role="alert">
              {errorText(t, save.error ?? remove.error)}
            </p>
          ) : null}
        </form>
      ) : null}
      {contacts.isPending ? (
        <Loading />
      ) : contacts.isError ? (
        <ErrorState error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : (
        <>
          {contacts.data.list.length === 0 ? (
            <Empty text={t('content.noContacts')} />
          ) : (
            <DataTable label={t('content.supportContacts')} data={contacts.data.list} columns={columns} />
          )}
          <p className="muted">
            {t('content.fromSettings')}{' '}
            {contacts.data.fromSettings.map((channel) => channel.label).join(', ') || t('content.noneFromSettings')}
          </p>
        </>
      )}
    </>
  );
}
