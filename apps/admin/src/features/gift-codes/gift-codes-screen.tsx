import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminEndpoints,
  GIFT_CODE_FILTERS,
  GIFT_TARGETS,
  isAllowed,
  ZGiftCodeCreateRequest,
  type TGiftCode,
  type TGiftCodeCreateRequest,
} from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { fieldErrors } from '../../shared/ui/form-errors.ts';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, errorText, Loading } from '../../shared/ui/states.tsx';
import { GiftRedemptionsPanel } from './gift-redemptions-panel.tsx';

// Gift codes: create (finance, owner), list with their uses, the players who redeemed one, disable.

const PAGE_SIZE = 50;
const column = createColumnHelper<TGiftCode>();
type Filter = (typeof GIFT_CODE_FILTERS)[number];

export function GiftCodesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const canManage = session ? isAllowed(adminEndpoints['/giftCodes/create'].access, session.operator.role) : false;
  const [status, setStatus] = useState<Filter>('active');
  const [pageNum, setPageNum] = useState(1);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [toDisable, setToDisable] = useState<TGiftCode | null>(null);
  const gifts = useQuery({
    queryKey: ['giftCodes', status, pageNum],
    queryFn: () => adminApi('/giftCodes/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const disable = useMutation({
    mutationFn: (code: string) => adminApi('/giftCodes/disable', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['giftCodes'] }),
    onSettled: () => setToDisable(null),
  });
  const columns = useMemo(
    () => [
      column.accessor('code', { header: t('giftCodes.code'), cell: (cell) => <code>{cell.getValue()}</code> }),
      column.accessor('amount', { header: t('giftCodes.amount'), cell: (cell) => formatRupees(cell.getValue()) }),
      column.accessor('target', { header: t('giftCodes.target'), cell: (cell) => t(`giftCodes.targets.${cell.getValue()}`) }),
      column.display({
        id: 'uses',
        header: t('giftCodes.uses'),
        cell: ({ row }) => `${row.original.usedCount} / ${row.original.maxUses}`,
      }),
      column.accessor('expiresTime', { header: t('giftCodes.expires'), cell: (cell) => formatTime(cell.getValue()) }),
      column.accessor('status', { header: t('giftCodes.status'), cell: (cell) => t(`giftCodes.statuses.${cell.getValue()}`) }),
      column.accessor('createdBy', { header: t('giftCodes.createdBy') }),
      column.accessor('createTime', { header: t('giftCodes.createTime'), cell: (cell) => formatTime(cell.getValue()) }),
      column.display({
        id: 'actions',
        header: t('giftCodes.actions'),
        cell: ({ row }) => (
          <span className="cell-actions">
            <button type="button" className="button secondary small" onClick={() => setOpenCode(row.original.code)}>
              {t('giftCodes.redemptions')}
            </button>
            {canManage && row.original.status !== 'disabled' ? (
              <button type="button" className="button danger small" onClick={() => setToDisable(row.original)}>
                {t('giftCodes.disable')}
              </button>
            ) : null}
          </span>
        ),
      }),
    ],
    [t, canManage],
  );

  return (
    <section className="screen">
      <h1>{t('nav.giftCodes')}</h1>
      {canManage ? <CreateGiftCodeForm /> : null}
      {disable.error ? (
        <p className="form-error" role="alert">
          {errorText(t, disable.error)}
        </p>
      ) : null}
      <div className="filters">
        <label>
          {t('giftCodes.show')}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Filter);
              setPageNum(1);
            }}
          >
            {GIFT_CODE_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`giftCodes.filters.${filter}`)}
              </option>
            ))}
          </select>
        </label>
        {gifts.data && gifts.data.list.length > 0 ? (
          <CsvButton
            fileName={`gift-codes-${status}-page-${pageNum}.csv`}
            title={t('csv.loadedPage')}
            header={[
              'code',
              'amount',
              'target',
              'max uses',
              'used',
              'expires',
              'status',
              'created by',
              'created',
              'disabled by',
              'disabled',
            ]}
            rows={gifts.data.list.map((row) => [
              row.code,
              row.amount,
              row.target,
              row.maxUses,
              row.usedCount,
              row.expiresTime,
              row.status,
              row.createdBy,
              row.createTime,
              row.disabledBy,
              row.disabledTime,
            ])}
          />
        ) : null}
      </div>
      {gifts.isPending ? (
        <Loading />
      ) : gifts.isError ? (
        <ErrorState error={gifts.error} onRetry={() => void gifts.refetch()} />
      ) : gifts.data.list.length === 0 ? (
        <Empty text={t('giftCodes.empty')} />
      ) : (
        <DataTable
          label={t('nav.giftCodes')}
          data={gifts.data.list}
          columns={columns}
          paging={{ pageNum: gifts.data.pageNum, pageSize: gifts.data.pageSize, total: gifts.data.total, onPage: setPageNum }}
        />
      )}
      {openCode ? <GiftRedemptionsPanel key={openCode} code={openCode} onClose={() => setOpenCode(null)} /> : null}
      {toDisable ? (
        <ConfirmDialog
          title={t('giftCodes.disableTitle', { code: toDisable.code })}
          confirmLabel={t('giftCodes.disable')}
          isDanger
          isWorking={disable.isPending}
          onConfirm={() => disable.mutate(toDisable.code)}
          onCancel={() => setToDisable(null)}
        >
          <p>{t('giftCodes.disableEffect', { used: toDisable.usedCount, uses: toDisable.maxUses })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function CreateGiftCodeForm() {
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
        </p>
      ) : null}
    </form>
  );
}
