import { formatMoney } from '@mayur/contracts';
import { formatUsdtMicro } from '../payments/order-numbers.ts';
import { confirmUsdtDeposit } from '../payments/recharge/confirm-usdt-deposit.ts';
import { returnHeldDeposit } from '../payments/recharge/return-held-deposit.ts';
import { rejectWithdrawal } from '../payments/withdraw/decide-withdrawal.ts';
import { DEFAULT_APPROVAL_RULES } from '../approvals/approval-rules.ts';
import { commandLineApprover } from '../approvals/approver.ts';
import { approveWithChecker } from '../payments/withdraw/maker-checker.ts';
import { CommandRefusal, required, type Command, type CommandArgs } from './command-kit.ts';

// Operator commands for payments: the withdrawal queue (approve pays out, reject returns the funds)
// and recharge orders (a USDT order confirmed by hand after checking the chain).

const LIST_LIMIT = 200;
const WITHDRAW_STATUS_FILTERS: Record<string, string[]> = {
  WAIT: ['pending', 'paying'],
  SUCCESS: ['paid'],
  FAIL: ['rejected', 'failed'],
};
const DEPOSIT_STATUS_FILTERS: Record<string, string[]> = { WAIT: ['pending'], COMPLETED: ['completed'], FAIL: ['failed'] };

function statusFilter(args: CommandArgs, filters: Record<string, string[]>): string[] {
  const status = (args.status ?? 'WAIT').toUpperCase();
  if (status === 'ALL') return Object.values(filters).flat();
  const statuses = filters[status];
  if (!statuses) throw new CommandRefusal(`--status must be one of ${Object.keys(filters).join(', ')} or ALL`);
  return statuses;
}

function reference(args: CommandArgs, name: string, pattern: RegExp): string {
  const value = required(args, name).toUpperCase();
  if (!pattern.test(value)) throw new CommandRefusal(`--${name} "${value}" is not a valid number`);
  return value;
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
        [statusFilter(args, WITHDRAW_STATUS_FILTERS), LIST_LIMIT],
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
      const withdrawNo = reference(args, 'id', /^W\d{20}$/);
      const txid = args.txid?.trim();
      if (txid !== undefined && !/^[0-9a-fA-F]{64}$/.test(txid))
        throw new CommandRefusal('--txid must be a 64-character hex transaction id');
      // The same maker-checker as the console: above the limit, or past the day's single-approval
      // allowance, a second, different approver pays it.
      const outcome = await approveWithChecker(
        ctx,
        withdrawNo,
        commandLineApprover(ctx.actor),
        ctx.approvalRules ?? DEFAULT_APPROVAL_RULES,
        { usdtTxid: txid },
      );
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
      const withdrawNo = reference(args, 'id', /^W\d{20}$/);
      const reason = required(args, 'reason');
      if (reason.length > 300) throw new CommandRefusal('--reason must be at most 300 characters');
      await rejectWithdrawal(ctx, withdrawNo, ctx.actor, reason);
      return [`withdrawal ${withdrawNo} rejected; the amount is back in the player's cash`];
    },
  },

  'deposit:list': {
    usage: 'deposit:list [--status WAIT|COMPLETED|FAIL|ALL]',
    async run(ctx, args) {
      const rows = await ctx.db.query<{
        order_no: string;
        user_id: number;
        method: string;
        amount_paise: bigint;
        usdt_micro: bigint | null;
        deposit_address: string | null;
        status: string;
        transfer_submitted_at: Date | null;
        note: string | null;
        created_at: Date;
      }>(
        `select order_no, user_id, method, amount_paise, usdt_micro, deposit_address, status, transfer_submitted_at, note, created_at
         from deposit_orders where status = any($1) order by id limit $2`,
        [statusFilter(args, DEPOSIT_STATUS_FILTERS), LIST_LIMIT],
      );
      if (rows.length === 0) return ['no recharge orders with that status'];
      return [
        `${rows.length} recharge order(s), oldest first${rows.length === LIST_LIMIT ? ` (first ${LIST_LIMIT})` : ''}:`,
        ...rows.map(
          (row) =>
            `  ${row.order_no} ${row.created_at.toISOString()} player ${row.user_id} ${row.method} ₹${formatMoney(row.amount_paise)} ${row.status}` +
            (row.usdt_micro !== null ? ` USDT ${formatUsdtMicro(row.usdt_micro)} to ${row.deposit_address}` : '') +
            (row.transfer_submitted_at ? ' [player pressed Transfer Finish]' : '') +
            (row.note ? ` — ${row.note}` : ''),
        ),
      ];
    },
  },

  'deposit:confirm': {
    usage: 'deposit:confirm --order <orderNo>   (a USDT order whose transfer you checked on the chain)',
    async run(ctx, args) {
      const orderNo = reference(args, 'order', /^R\d{20}$/);
      const confirmed = await confirmUsdtDeposit(ctx, orderNo, ctx.actor);
      if (confirmed.outcome === 'held')
        return [`order ${orderNo} confirmed but held, not credited (player protection): return it with deposit:return`];
      return [`order ${orderNo} confirmed and credited`];
    },
  },

  'deposit:return': {
    usage: 'deposit:return --order <orderNo>   (a held recharge you sent back to the payer through the provider)',
    async run(ctx, args) {
      const orderNo = reference(args, 'order', /^R\d{20}$/);
      const returned = await returnHeldDeposit(ctx, orderNo, ctx.actor);
      return [
        `order ${orderNo}: ₹${formatMoney(returned.amountPaise)} returned to player ${returned.playerId}, out of the deposit holds`,
      ];
    },
  },
};
