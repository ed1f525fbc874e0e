import { formatMoney } from '@mayur/rules/money';
import {
  DEPOSIT_QUEUE_FILTERS,
  WITHDRAWAL_QUEUE_FILTERS,
  ZDepositOrderRequest,
  ZWithdrawalApproveRequest,
  ZWithdrawalRejectRequest,
} from '@mayur/contracts/admin';
import { findDepositQueue } from '../admin/find-deposit-queue.ts';
import { WITHDRAWAL_STATUSES_BY_FILTER } from '../admin/find-withdrawal-queue.ts';
import { formatUsdtMicro } from '../payments/order-numbers.ts';
import { confirmUsdtDeposit } from '../payments/recharge/confirm-usdt-deposit.ts';
import { returnHeldDeposit } from '../payments/recharge/return-held-deposit.ts';
import { rejectWithdrawal } from '../payments/withdraw/decide-withdrawal.ts';
import { commandLineApprover } from '../approvals/approver.ts';
import { approveWithChecker } from '../payments/withdraw/maker-checker.ts';
import { asConsoleRequest, required, type Command, type CommandArgs } from './command-kit.ts';
import { usageRefusal } from '../../platform/refusal.ts';

// Operator commands for payments: the withdrawal queue (approve pays out, reject returns the funds)
// and recharge orders (a USDT order confirmed by hand after checking the chain).

const LIST_LIMIT = 200;

/** --status through the console's list filter: the same names, WAIT by default. */
function statusOption<S extends string>(args: CommandArgs, filters: readonly S[]): S {
  const status = (args.status ?? 'WAIT').toUpperCase();
  if (!(filters as readonly string[]).includes(status))
    throw usageRefusal(`--status must be one of ${filters.filter((filter) => filter !== 'ALL').join(', ')} or ALL`);
  return status as S;
}

/** A withdrawal's or recharge order's number, by the pattern the console's request schema holds. */
function numberOption(args: CommandArgs, name: 'id' | 'order'): string {
  const value = required(args, name);
  const notValid = () => `--${name} "${value.toUpperCase()}" is not a valid number`;
  return name === 'id'
    ? asConsoleRequest(ZWithdrawalApproveRequest, { withdrawNo: value }, notValid).withdrawNo
    : asConsoleRequest(ZDepositOrderRequest, { orderNo: value }, notValid).orderNo;
}

export const paymentCommands: Record<string, Command> = {
  'withdraw:list': {
    usage: 'withdraw:list [--status WAIT|SUCCESS|FAIL|ALL]',
    async run(ctx, args) {
      const rows = await ctx.db.query<{
        withdraw_no: string;
        user_id: number;
        account_kind: string;
        destination: Record<string, string | null>;
        amount_paise: bigint;
        usdt_micro: bigint | null;
        status: string;
        reason: string | null;
        created_at: Date;
      }>(
        `select withdraw_no, user_id, account_kind, destination, amount_paise, usdt_micro, status, reason, created_at
         from withdrawals where status = any($1) order by id limit $2`,
        [WITHDRAWAL_STATUSES_BY_FILTER[statusOption(args, WITHDRAWAL_QUEUE_FILTERS)], LIST_LIMIT],
      );
      if (rows.length === 0) return ['no withdrawals with that status'];
      return [
        `${rows.length} withdrawal(s), oldest first${rows.length === LIST_LIMIT ? ` (first ${LIST_LIMIT})` : ''}:`,
        ...rows.map((row) => {
          const to =
            row.account_kind === 'usdt'
              ? `USDT ${formatUsdtMicro(row.usdt_micro ?? 0n)} to ${row.destination.address}`
              : row.account_kind === 'upi'
                ? `UPI ${row.destination.upiAccount} (${row.destination.actualName})`
                : `bank ${row.destination.bankName} ${row.destination.bankAccount} IFSC ${row.destination.ifscCode} (${row.destination.actualName})`;
          return `  ${row.withdraw_no} ${row.created_at.toISOString()} player ${row.user_id} ₹${formatMoney(row.amount_paise)} ${row.status} → ${to}${row.reason ? ` — ${row.reason}` : ''}`;
        }),
      ];
    },
  },

  'withdraw:approve': {
    usage: 'withdraw:approve --id <withdrawNo> [--txid <USDT transaction id, for USDT payouts sent from the house wallet>]',
    async run(ctx, args) {
      const withdrawNo = numberOption(args, 'id');
      const txid = args.txid?.trim();
      if (txid !== undefined && !/^[0-9a-fA-F]{64}$/.test(txid))
        throw usageRefusal('--txid must be a 64-character hex transaction id');
      // The same maker-checker as the console: above the limit, or past the day's single-approval
      // allowance, a second, different approver pays it.
      const outcome = await approveWithChecker(ctx, withdrawNo, commandLineApprover(ctx.actor), ctx.approvalRules, {
        usdtTxid: txid,
      });
      if (outcome.status === 'awaitingSecondApproval')
        return [
          `withdrawal ${withdrawNo}: approval 1 of 2 recorded (${outcome.detail}); a second, different approver must approve it to pay`,
        ];
      return [`withdrawal ${withdrawNo}: ${outcome.status} (${outcome.detail})`];
    },
  },

  'withdraw:reject': {
    usage: 'withdraw:reject --id <withdrawNo> --reason "<text the player sees>"',
    async run(ctx, args) {
      const withdrawNo = numberOption(args, 'id');
      const { reason } = asConsoleRequest(
        ZWithdrawalRejectRequest,
        { withdrawNo, reason: required(args, 'reason') },
        () => '--reason must be at most 300 characters',
      );
      await rejectWithdrawal(ctx, withdrawNo, ctx.actor, reason);
      return [`withdrawal ${withdrawNo} rejected; the amount is back in the player's cash`];
    },
  },

  'deposit:list': {
    usage: 'deposit:list [--status WAIT|COMPLETED|FAIL|HELD|ALL]',
    async run(ctx, args) {
      const status = statusOption(args, DEPOSIT_QUEUE_FILTERS);
      const { list } = await findDepositQueue(ctx.db, { status, pageNum: 1, pageSize: LIST_LIMIT });
      if (list.length === 0) return ['no recharge orders with that status'];
      return [
        `${list.length} recharge order(s), oldest first${list.length === LIST_LIMIT ? ` (first ${LIST_LIMIT})` : ''}:`,
        ...list.map(
          (order) =>
            `  ${order.orderNo} ${order.createTime} player ${order.playerId} ${order.method} ₹${order.amount} ${order.status}` +
            (order.usdtAmount !== null ? ` USDT ${order.usdtAmount} to ${order.depositAddress}` : '') +
            (order.isTransferSubmitted ? ' [player pressed Transfer Finish]' : '') +
            (order.note ? ` — ${order.note}` : ''),
        ),
      ];
    },
  },

  'deposit:confirm': {
    usage: 'deposit:confirm --order <orderNo>   (a USDT order whose transfer you checked on the chain)',
    async run(ctx, args) {
      const orderNo = numberOption(args, 'order');
      const confirmed = await confirmUsdtDeposit(ctx, orderNo, ctx.actor);
      if (confirmed.outcome === 'held')
        return [`order ${orderNo} confirmed but held, not credited (player protection): return it with deposit:return`];
      return [`order ${orderNo} confirmed and credited`];
    },
  },

  'deposit:return': {
    usage: 'deposit:return --order <orderNo>   (a held recharge you sent back to the payer through the provider)',
    async run(ctx, args) {
      const orderNo = numberOption(args, 'order');
      const returned = await returnHeldDeposit(ctx, orderNo, ctx.actor);
      return [
        `order ${orderNo}: ₹${formatMoney(returned.amountPaise)} returned to player ${returned.playerId}, out of the deposit holds`,
      ];
    },
  },
};
