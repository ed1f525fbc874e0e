import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, GIFT_CODE_FILTERS, isAllowed, type TGiftCode } from '@mayur/contracts/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../shared/api/admin-api.ts';
import { useSession } from '../../shared/api/use-session.ts';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog.tsx';
import { CsvButton } from '../../shared/ui/csv-download.tsx';
import { DataTable } from '../../shared/ui/data-table.tsx';
import { formatRupees, formatTime } from '../../shared/ui/format.ts';
import { Empty, ErrorState, Loading } from '../../shared/ui/states.tsx';
import { CreateGiftCodeForm } from './create-gift-code-form.tsx';
import { GiftCodeActions, type GiftCodeAction } from './gift-code-actions.tsx';
import { ApproveGiftCodeDialog, RejectGiftCodeDialog } from './gift-code-dialogs.tsx';
import { GiftRedemptionsPanel } from './gift-redemptions-panel.tsx';

// Gift codes: create (finance, owner), list with their uses and status (those waiting for a second
// operator on their own filter), approve or reject a waiting code, the players who redeemed one,
// disable. Every decision is asked in a dialog first.

const PAGE_SIZE = 50;
const column = createColumnHelper<TGiftCode>();
type Filter = (typeof GIFT_CODE_FILTERS)[number];
type Decision = { action: Exclude<GiftCodeAction, 'redemptions'>; gift: TGiftCode };

const DECISION_PATHS = {
  approve: '/giftCodes/approve',
  reject: '/giftCodes/reject',
  disable: '/giftCodes/disable',
} as const;

export function GiftCodesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const canManage = session ? isAllowed(adminEndpoints['/giftCodes/create'].access, session.operator.role) : false;
  const ownId = session?.operator.id;
  const [status, setStatus] = useState<Filter>('active');
  const [pageNum, setPageNum] = useState(1);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const gifts = useQuery({
    queryKey: ['giftCodes', status, pageNum],
    queryFn: () => adminApi('/giftCodes/list', { status, pageNum, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: ({ action, gift }: Decision) => adminApi(DECISION_PATHS[action], { code: gift.code }),
    onSuccess: () => {
      setDecision(null);
      void queryClient.invalidateQueries({ queryKey: ['giftCodes'] });
    },
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
      column.accessor('approvedBy', { header: t('giftCodes.approvedBy'), cell: (cell) => cell.getValue() ?? '—' }),
      column.accessor('createTime', { header: t('giftCodes.createTime'), cell: (cell) => formatTime(cell.getValue()) }),
      column.display({
        id: 'actions',
        header: t('giftCodes.actions'),
        cell: ({ row }) => (
          <GiftCodeActions
            gift={row.original}
            canManage={canManage}
            ownId={ownId}
            onAction={(action, gift) => {
              if (action === 'redemptions') return setOpenCode(gift.code);
              decide.reset();
              setDecision({ action, gift });
            }}
          />
        ),
      }),
    ],
    [t, canManage, ownId, decide],
  );

  return (
    <section className="screen">
      <h1>{t('nav.giftCodes')}</h1>
      {canManage ? <CreateGiftCodeForm /> : null}
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
          <GiftCodesCsv status={status} pageNum={pageNum} list={gifts.data.list} />
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
      {decision ? (
        <DecisionDialog
          decision={decision}
          isWorking={decide.isPending}
          error={decide.error}
          onConfirm={() => decide.mutate(decision)}
          onCancel={() => setDecision(null)}
        />
      ) : null}
    </section>
  );
}

function DecisionDialog({
  decision,
  ...props
}: {
  decision: Decision;
  isWorking: boolean;
  error: unknown;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { action, gift } = decision;
  if (action === 'approve') return <ApproveGiftCodeDialog gift={gift} {...props} />;
  if (action === 'reject') return <RejectGiftCodeDialog gift={gift} {...props} />;
  return (
    <ConfirmDialog
      title={t('giftCodes.disableTitle', { code: gift.code })}
      confirmLabel={t('giftCodes.disable')}
      isDanger
      {...props}
    >
      <p>{t('giftCodes.disableEffect', { used: gift.usedCount, uses: gift.maxUses })}</p>
    </ConfirmDialog>
  );
}

function GiftCodesCsv({ status, pageNum, list }: { status: Filter; pageNum: number; list: TGiftCode[] }) {
  const { t } = useTranslation();
  return (
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
        'approved by',
        'created',
        'disabled by',
        'disabled',
      ]}
      rows={list.map((row) => [
        row.code,
        row.amount,
        row.target,
        row.maxUses,
        row.usedCount,
        row.expiresTime,
        row.status,
        row.createdBy,
        row.approvedBy,
        row.createTime,
        row.disabledBy,
        row.disabledTime,
      ])}
    />
  );
}
