import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  BANNER_MAX_BYTES,
  checkBannerImage,
  CONTENT_LOCALES,
  isAllowed,
  ZBannerCreateRequest,
  ZBannerUpdateRequest,
  type TAdminBanner,
  type TBannerCreateRequest,
  type TBannerUpdateRequest,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { toInstant, toLocalInput } from './notice-form.tsx';

// The home carousel's banners (decision 0023, "Banners"): upload with a preview at the carousel's
// size, the order (up and down), schedule, language, enabling and deleting. The file is checked in the
// browser by the same reading of its bytes as the server's (contracts' banner-rules.ts), so a wrong
// file is refused before it is sent; the server checks again and decides.

/** The carousel as a phone 375 px wide draws it: the column less its margins, 125 px high. */
export const CAROUSEL_PREVIEW = { width: 343, height: 125 } as const;
const column = createColumnHelper<TAdminBanner>();

type Draft = {
  alt: string;
  headline: string;
  link: string;
  locale: string;
  starts: string;
  ends: string;
  isEnabled: boolean;
};

function draftOf(banner: TAdminBanner | null): Draft {
  return {
    alt: banner?.alt ?? '',
    headline: banner?.headline ?? '',
    link: banner?.link ?? '',
    locale: banner?.locale ?? '',
    starts: toLocalInput(banner?.startsTime ?? null),
    ends: toLocalInput(banner?.endsTime ?? null),
    isEnabled: banner?.isEnabled ?? true,
  };
}

function fieldsOf(banner: TAdminBanner) {
  return {
    id: banner.id,
    alt: banner.alt,
    headline: banner.headline,
    link: banner.link,
    locale: banner.locale,
    startsTime: banner.startsTime,
    endsTime: banner.endsTime,
    isEnabled: banner.isEnabled,
  } satisfies TBannerUpdateRequest;
}

function base64Of(bytes: Uint8Array): string {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
}

function stateOf(banner: TAdminBanner, now: number): 'showing' | 'disabled' | 'ended' | 'scheduled' {
  if (banner.isShowing) return 'showing';
  if (!banner.isEnabled) return 'disabled';
  if (banner.endsTime && Date.parse(banner.endsTime) <= now) return 'ended';
  return 'scheduled';
}

/** The slide as the player app draws it: the image filling 125 px of height, cropped at the sides, the headline over it. */
function CarouselPreview({ src, headline, alt }: { src: string | null; headline: string; alt: string }) {
  const { t } = useTranslation();
  return (
    <figure className="banner-preview" data-testid="banner-preview">
      <div className="banner-frame" style={{ width: CAROUSEL_PREVIEW.width, height: CAROUSEL_PREVIEW.height }}>
        {src ? <img src={src} alt={alt} /> : <span className="muted">{t('banners.noImage')}</span>}
        {headline ? <p className="banner-headline">{headline}</p> : null}
      </div>
      <figcaption className="muted">{t('banners.previewCaption', CAROUSEL_PREVIEW)}</figcaption>
    </figure>
  );
}

function BannerForm({ banner, onDone }: { banner: TAdminBanner | null; onDone(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner));
  const [file, setFile] = useState<{ name: string; bytes: Uint8Array; url: string; summary: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => () => (file ? URL.revokeObjectURL(file.url) : undefined), [file]);
  const save = useMutation({
    mutationFn: (input: TBannerCreateRequest | TBannerUpdateRequest) =>
      'id' in input ? adminApi('/content/banners/update', input) : adminApi('/content/banners/create', input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['banners'] });
      onDone();
    },
  });
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  async function choose(chosen: File | undefined) {
    setFile(null);
    if (!chosen) return;
    // A file far over the limit is not even read.
    if (chosen.size > BANNER_MAX_BYTES) return setErrors({ imageBase64: 'BANNER_TOO_LARGE' });
    const bytes = new Uint8Array(await chosen.arrayBuffer());
    const checked = checkBannerImage(bytes);
    if (checked.problem) return setErrors({ imageBase64: checked.problem });
    setErrors({});
    const { type, width, height } = checked.image;
    setFile({
      name: chosen.name,
      bytes,
      url: URL.createObjectURL(new Blob([bytes], { type })),
      summary: t('banners.fileSummary', { type, width, height, kb: Math.ceil(bytes.length / 1024) }),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = {
      alt: draft.alt,
      headline: draft.headline,
      link: draft.link,
      locale: (draft.locale || null) as TBannerUpdateRequest['locale'],
      startsTime: toInstant(draft.starts),
      endsTime: toInstant(draft.ends),
      isEnabled: draft.isEnabled,
    };
    if (banner) {
      const input: TBannerUpdateRequest = { id: banner.id, ...fields };
      const parsed = ZBannerUpdateRequest.safeParse(input);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      return save.mutate(input);
    }
    if (!file) return setErrors({ imageBase64: 'BANNER_TYPE_INVALID' });
    const input: TBannerCreateRequest = { fileName: file.name, imageBase64: base64Of(file.bytes), ...fields };
    const parsed = ZBannerCreateRequest.safeParse(input);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(input);
  }
  const error = (field: string) => (errors[field] ? <span className="field-error">{t(`errors.${errors[field]}`)}</span> : null);

  return (
    <div className="content-edit banner-edit">
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="banner-form-title">
        <h3 id="banner-form-title">{banner ? t('banners.edit', { position: banner.position }) : t('banners.new')}</h3>
        {banner ? null : (
          <>
            <label>
              {t('banners.image')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-describedby="banner-image-hint"
                onChange={(event) => void choose(event.target.files?.[0])}
              />
              {error('imageBase64')}
            </label>
            <span id="banner-image-hint" className="muted">
              {file ? file.summary : t('banners.imageHint')}
            </span>
          </>
        )}
        <label>
          {t('banners.alt')}
          <input value={draft.alt} onChange={set('alt')} maxLength={120} aria-describedby="banner-alt-hint" />
          {error('alt')}
        </label>
        <span id="banner-alt-hint" className="muted">
          {t('banners.altHint')}
        </span>
        <label>
          {t('banners.headline')}
          <input value={draft.headline} onChange={set('headline')} maxLength={120} />
          {error('headline')}
        </label>
        <label>
          {t('banners.link')}
          <input value={draft.link} onChange={set('link')} placeholder="https://… · /activity" />
          {error('link')}
        </label>
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
        </label>
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
            checked={draft.isEnabled}
            onChange={(event) => setDraft((current) => ({ ...current, isEnabled: event.target.checked }))}
          />
          {t('banners.enabled')}
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
            {banner ? t('content.save') : t('banners.upload')}
          </button>
        </div>
      </form>
      <aside className="card preview" aria-label={t('content.preview')}>
        <p className="muted">{t('content.preview')}</p>
        <CarouselPreview src={file?.url ?? banner?.imageUrl ?? null} headline={draft.headline} alt={draft.alt} />
      </aside>
    </div>
  );
}

export function BannersSection() {
  const { t } = useTranslation();
  const session = useSession();
  const canEdit = session ? isAllowed(adminEndpoints['/content/banners/create'].access, session.operator.role) : false;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TAdminBanner | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAdminBanner | null>(null);
  const banners = useQuery({ queryKey: ['banners'], queryFn: () => adminApi('/content/banners/list', {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['banners'] });
  const reorder = useMutation({
    mutationFn: (ids: string[]) => adminApi('/content/banners/reorder', { ids }),
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (banner: TAdminBanner) =>
      adminApi('/content/banners/update', { ...fieldsOf(banner), isEnabled: !banner.isEnabled }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => adminApi('/content/banners/delete', { id }),
    onSuccess: () => {
      setDeleting(null);
      void refresh();
    },
  });
  const list = banners.data?.list;
  // "Ended" is judged at the time the list was read, as the server judged "showing".
  const readAtMs = banners.dataUpdatedAt;
  const columns = useMemo(() => {
    const ids = (list ?? []).map((banner) => banner.id);
    const moved = (index: number, by: -1 | 1) => {
      const next = [...ids];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    };
    return [
      column.accessor('position', { header: t('banners.position') }),
      column.accessor('imageUrl', {
        header: t('banners.image'),
        cell: ({ row }) => (
          <img
            className="banner-thumb"
            src={row.original.imageUrl}
            alt={row.original.alt}
            width={120}
            height={Math.round((120 * row.original.height) / row.original.width)}
          />
        ),
      }),
      column.accessor('alt', { header: t('banners.alt') }),
      column.accessor('headline', { header: t('banners.headline'), cell: (cell) => cell.getValue() || '—' }),
      column.accessor('link', {
        header: t('banners.link'),
        cell: (cell) => (cell.getValue() ? <code className="clip">{cell.getValue()}</code> : '—'),
      }),
      column.accessor('locale', { header: t('content.language'), cell: (cell) => cell.getValue() ?? t('content.everyLanguage') }),
      column.accessor('isShowing', {
        header: t('content.state'),
        cell: ({ row }) => t(`banners.states.${stateOf(row.original, readAtMs)}`),
      }),
      column.accessor('startsTime', { header: t('content.starts'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('endsTime', { header: t('content.ends'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('updatedBy', { header: t('content.updatedBy') }),
      ...(canEdit
        ? [
            column.display({
              id: 'actions',
              header: t('content.actions'),
              cell: ({ row }) => {
                const index = row.index;
                const banner = row.original;
                return (
                  <div className="row-actions">
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={t('banners.moveUp', { alt: banner.alt })}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => reorder.mutate(moved(index, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      aria-label={t('banners.moveDown', { alt: banner.alt })}
                      disabled={index === ids.length - 1 || reorder.isPending}
                      onClick={() => reorder.mutate(moved(index, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={toggle.isPending}
                      onClick={() => toggle.mutate(banner)}
                    >
                      {banner.isEnabled ? t('banners.disable') : t('banners.enable')}
                    </button>
                    <button type="button" className="button secondary small" onClick={() => setEditing(banner)}>
                      {t('content.edit')}
                    </button>
                    <button type="button" className="button danger small" onClick={() => setDeleting(banner)}>
                      {t('banners.delete')}
                    </button>
                  </div>
                );
              },
            }),
          ]
        : []),
    ];
  }, [t, canEdit, list, readAtMs, reorder, toggle]);

  const actionError = reorder.error ?? toggle.error;
  return (
    <>
      <div className="section-head">
        <h2>{t('banners.title')}</h2>
        {list && list.length > 0 ? (
          <CsvButton
            fileName="banners.csv"
            header={[
              'position',
              'alt',
              'headline',
              'link',
              'language',
              'enabled',
              'showing',
              'starts',
              'ends',
              'type',
              'bytes',
              'width',
              'height',
              'image',
              'updated by',
              'updated',
            ]}
            rows={list.map((banner) => [
              banner.position,
              banner.alt,
              banner.headline,
              banner.link,
              banner.locale ?? '*',
              banner.isEnabled,
              banner.isShowing,
              banner.startsTime ?? '',
              banner.endsTime ?? '',
              banner.imageType,
              banner.byteLength,
              banner.width,
              banner.height,
              banner.imageUrl,
              banner.updatedBy,
              banner.updateTime,
            ])}
          />
        ) : null}
      </div>
      <p className="muted">{t('banners.intro')}</p>
      {canEdit && editing === null ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => setEditing('new')}>
            {t('banners.new')}
          </button>
        </div>
      ) : null}
      {editing !== null ? (
        <BannerForm
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {actionError ? (
        <p className="form-error" role="alert">
          {errorText(t, actionError)}
        </p>
      ) : null}
      {banners.isPending ? (
        <Loading />
      ) : banners.isError ? (
        <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />
      ) : banners.data.list.length === 0 ? (
        <Empty text={t('banners.none')} />
      ) : (
        <DataTable label={t('banners.title')} data={banners.data.list} columns={columns} />
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('banners.confirmDeleteTitle')}
          confirmLabel={t('banners.delete')}
          isDanger
          isWorking={remove.isPending}
          onConfirm={() => remove.mutate(deleting.id)}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        >
          <p>{t('banners.confirmDelete', { alt: deleting.alt, position: deleting.position })}</p>
          <img className="banner-thumb" src={deleting.imageUrl} alt={deleting.alt} />
          {remove.error ? (
            <p className="form-error" role="alert">
              {errorText(t, remove.error)}
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
