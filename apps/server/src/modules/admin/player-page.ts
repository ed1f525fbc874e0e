import { formatMoney } from '@mayur/rules/money';
import { PLAYER_EXPORT_MAX_ROWS, type TPlayerPage, type TPlayerTransfer } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import type { AppContext } from '../../platform/context.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { findPlayerTransfers, type PLAYER_TRANSFER_REASONS } from '../wallet/ledger-reports.ts';
import { findWithdrawPasswordLock } from '../payments/payout-accounts/check-withdraw-password.ts';
import { destinationLabel } from '../payments/withdraw/find-withdraw-list.ts';
import type { ProtectionRow } from '../protection/protection-row.ts';
import { findPlayerAdjustments } from './adjust-balance.ts';
import { Refusal } from '../../platform/refusal.ts';
import { csvCell } from './audit-log.ts';

// A player's page in the console: everything support, risk and finance look at before acting, read
// only (the ledger through the wallet's own reads). Each list is bounded: the latest 50 of each, the
// ledger paged.

const LATEST = 50;
const iso = (value: Date | null) => value?.toISOString() ?? null;

type UserRow = {
  id: number;
  nick_name: string;
  actual_name: string | null;
  mobile: string | null;
  email: string | null;
  promotion_code: string;
  level: number;
  created_at: Date;
  frozen_at: Date | null;
  frozen_reason: string | null;
  has_withdraw_password: boolean;
  inviter_id: number | null;
  inviter_nick_name: string | null;
};

async function findUser(db: Queryable, playerId: number): Promise<UserRow> {
  const [row] = await db.query<UserRow>(
    `select u.id, u.nick_name, u.actual_name, u.mobile, u.email, u.promotion_code, u.level, u.created_at, u.frozen_at, u.frozen_reason,
            u.withdraw_password_hash is not null as has_withdraw_password, u.inviter_id, i.nick_name as inviter_nick_name
     from users u left join users i on i.id = u.inviter_id where u.id = $1`,
    [playerId],
  );
  if (!row) throw new Refusal('PLAYER_NOT_FOUND', `no player ${playerId}`);
  return row;
}

function protectionOf(row: ProtectionRow | undefined, nowMs: number): TPlayerPage['protection'] {
  if (!row) return { limits: [], exclusion: null, realityCheckMinutes: 0 };
  const limits: TPlayerPage['protection']['limits'] = [];
  for (const kind of ['deposit', 'loss'] as const) {
    for (const period of ['day', 'week', 'month'] as const) {
      const paise = row[`${kind}_${period}_paise`];
      if (paise !== null) limits.push({ kind, period, amount: formatMoney(paise) });
    }
  }
  const isExcluded = row.exclusion_ends_at !== null && row.exclusion_ends_at.getTime() > nowMs;
  return {
    limits,
    exclusion: isExcluded
      ? { kind: row.exclusion_kind!, duration: row.exclusion_duration!, endsTime: row.exclusion_ends_at!.toISOString() }
      : null,
    realityCheckMinutes: row.reality_check_minutes,
  };
}

export async function findPlayerPage(ctx: AppContext, playerId: number): Promise<TPlayerPage> {
  const { db } = ctx;
  const user = await findUser(db, playerId);
  const balances = await findPlayerBalances(db, playerId);
  const lock = await findWithdrawPasswordLock(ctx, playerId);
  const [invitedCount] = await db.query<{ total: number }>('select count(*)::int as total from users where inviter_id = $1', [
    playerId,
  ]);
  const invited = await db.query<{ id: number; nick_name: string; created_at: Date }>(
    'select id, nick_name, created_at from users where inviter_id = $1 order by id desc limit 20',
    [playerId],
  );
  const [protection] = await db.query<ProtectionRow>('select * from player_protection where user_id = $1', [playerId]);
  const sessions = await db.query<{
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    ip: string | null;
    user_agent: string | null;
  }>(
    'select created_at, expires_at, revoked_at, ip, user_agent from sessions where user_id = $1 order by created_at desc limit $2',
    [playerId, LATEST],
  );
  const payoutAccounts = await db.query<{
    id: number;
    kind: 'bank' | 'upi' | 'usdt';
    bank_name: string | null;
    bank_account: string | null;
    upi_account: string | null;
    usdt_address: string | null;
    created_at: Date;
    deleted_at: Date | null;
  }>(
    `select id, kind, bank_name, bank_account, upi_account, usdt_address, created_at, deleted_at
     from payout_accounts where user_id = $1 order by id desc limit $2`,
    [playerId, LATEST],
  );
  const deposits = await db.query<{ order_no: string; method: string; amount_paise: bigint; status: string; created_at: Date }>(
    'select order_no, method, amount_paise, status, created_at from deposit_orders where user_id = $1 order by id desc limit $2',
    [playerId, LATEST],
  );
  const withdrawals = await db.query<{
    withdraw_no: string;
    account_kind: string;
    amount_paise: bigint;
    status: string;
    reason: string | null;
    created_at: Date;
  }>(
    'select withdraw_no, account_kind, amount_paise, status, reason, created_at from withdrawals where user_id = $1 order by id desc limit $2',
    [playerId, LATEST],
  );
  const complaints = await db.query<{ complaint_no: string; type: string; status: string; created_at: Date }>(
    'select complaint_no, type, status, created_at from complaints where user_id = $1 order by id desc limit $2',
    [playerId, LATEST],
  );
  const nowMs = ctx.clock.now().getTime();
  return {
    player: {
      id: user.id,
      nickName: user.nick_name,
      actualName: user.actual_name,
      mobile: user.mobile,
      email: user.email,
      promotionCode: user.promotion_code,
      level: user.level,
      createTime: user.created_at.toISOString(),
      isFrozen: user.frozen_at !== null,
      frozenTime: iso(user.frozen_at),
      frozenReason: user.frozen_reason,
      hasWithdrawPassword: user.has_withdraw_password,
      withdrawPasswordFailures: lock.failures,
      isWithdrawPasswordLocked: lock.isLocked,
    },
    balances: { cash: formatMoney(balances.cashPaise), bonus: formatMoney(balances.bonusPaise) },
    team: {
      inviter: user.inviter_id === null ? null : { id: user.inviter_id, nickName: user.inviter_nick_name ?? '' },
      invitedCount: invitedCount!.total,
      invited: invited.map((row) => ({ id: row.id, nickName: row.nick_name, createTime: row.created_at.toISOString() })),
    },
    protection: protectionOf(protection, nowMs),
    sessions: sessions.map((row) => ({
      createTime: row.created_at.toISOString(),
      expiresTime: row.expires_at.toISOString(),
      revokedTime: iso(row.revoked_at),
      ip: row.ip ?? '',
      device: (row.user_agent ?? '').slice(0, 160),
    })),
    payoutAccounts: payoutAccounts.map((row) => ({
      id: row.id,
      kind: row.kind,
      destination: destinationLabel(row.kind, {
        address: row.usdt_address,
        upiAccount: row.upi_account,
        bankName: row.bank_name,
        bankAccount: row.bank_account,
      }),
      createTime: row.created_at.toISOString(),
      isDeleted: row.deleted_at !== null,
    })),
    deposits: deposits.map((row) => ({
      orderNo: row.order_no,
      method: row.method,
      amount: formatMoney(row.amount_paise),
      status: row.status,
      createTime: row.created_at.toISOString(),
    })),
    withdrawals: withdrawals.map((row) => ({
      withdrawNo: row.withdraw_no,
      method: row.account_kind,
      amount: formatMoney(row.amount_paise),
      status: row.status,
      reason: row.reason,
      createTime: row.created_at.toISOString(),
    })),
    complaints: complaints.map((row) => ({
      number: row.complaint_no,
      type: row.type,
      status: row.status,
      createTime: row.created_at.toISOString(),
    })),
    adjustments: await findPlayerAdjustments(db, playerId),
  };
}

type TransferKind = keyof typeof PLAYER_TRANSFER_REASONS;

async function assertPlayer(db: Queryable, playerId: number) {
  const [row] = await db.query('select id from users where id = $1', [playerId]);
  if (!row) throw new Refusal('PLAYER_NOT_FOUND', `no player ${playerId}`);
}

export async function findPlayerTransferPage(
  db: Queryable,
  query: { playerId: number; kind: TransferKind; pageNum: number; pageSize: number },
) {
  await assertPlayer(db, query.playerId);
  const page = await findPlayerTransfers(db, query.playerId, query.kind, {
    limit: query.pageSize,
    offset: (query.pageNum - 1) * query.pageSize,
  });
  const list: TPlayerTransfer[] = page.list.map((row) => ({
    id: row.id.toString(),
    createTime: row.createdAt.toISOString(),
    reason: row.reason,
    account: row.account,
    amount: formatMoney(row.amountPaise),
    balanceAfter: formatMoney(row.balanceAfterPaise),
    counterparty: row.counterparty,
    reference: row.reference,
  }));
  return { list, total: page.total, pageNum: query.pageNum, pageSize: query.pageSize };
}

const TRANSFER_CSV_COLUMNS = ['transfer', 'time', 'reason', 'account', 'amount', 'balance after', 'counterparty', 'reference'];

/** The same list as CSV, newest first, at most PLAYER_EXPORT_MAX_ROWS rows (the audit log's cell rules). */
export async function exportPlayerTransfers(db: Queryable, query: { playerId: number; kind: TransferKind }) {
  const page = await findPlayerTransferPage(db, { ...query, pageNum: 1, pageSize: PLAYER_EXPORT_MAX_ROWS });
  const lines = [
    TRANSFER_CSV_COLUMNS.join(','),
    ...page.list.map((row) =>
      [row.id, row.createTime, row.reason, row.account, row.amount, row.balanceAfter, row.counterparty, row.reference]
        .map(csvCell)
        .join(','),
    ),
  ];
  return { csv: `${lines.join('\r\n')}\r\n`, rowCount: page.list.length, isTruncated: page.total > page.list.length };
}
