import { createHash } from 'node:crypto';
import { formatMoney, parseMoney } from '@mayur/contracts';
import {
  CommandRefusal,
  findUserId,
  required,
  type Command,
  type CommandArgs,
  type CommandResult,
  type OperatorContext,
} from './command-kit.ts';
import { complaintCommands } from './complaint-commands.ts';
import { operatorAccountCommands } from './operator-account-commands.ts';
import { paymentCommands } from './payment-commands.ts';
import { protectionCommands } from './protection-commands.ts';
import { storableJsonText, wellFormedText } from '../../platform/db/storable-json.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TAdjustment } from '@mayur/contracts/admin';
import { DEFAULT_APPROVAL_RULES } from '../approvals/approval-rules.ts';
import { commandLineApprover } from '../approvals/approver.ts';
import { AdminError } from '../../platform/http/admin-error.ts';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from '../admin/adjust-balance.ts';
import { approveGiftCode, createGiftCode, rejectGiftCode } from '../gifts/gift-codes.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { checkLedger, formatLedgerReport } from '../wallet/check-ledger.ts';
import { findMoneyTranceList } from '../wallet/find-money-trance-list.ts';

// The operator's commands. The same functions run in the CLI process (PostgreSQL, or an embedded
// database no server holds) and inside the running server (embedded database it holds), so both
// paths behave identically. Every command is written to admin_audit_log.

const MAX_GIFT_USES = 1_000_000;

function positiveAmount(text: string): bigint {
  const paise = parseMoney(text);
  if (paise === null || paise <= 0n)
    throw new CommandRefusal(`amount "${text}" must be a positive number of rupees with at most two decimals`);
  return paise;
}

const MAX_ADJUSTMENT_KEY_LENGTH = 100;

/**
 * The idempotency key of an operator adjustment, never random: the operator's `--key`, or, without
 * one, a digest of what the command asks for (player, signed amount, reason). Running the same command
 * again (a time-out, a lost connection, shell history) is then recognised and moves nothing; a
 * deliberate second identical adjustment needs its own --key (the reply says so).
 */
function adjustmentKey(
  given: string | undefined,
  userId: number,
  signedPaise: bigint,
  reason: string,
): { idempotencyKey: string; isDerived: boolean } {
  if (given !== undefined) {
    const key = given.trim();
    if (key.length === 0 || key.length > MAX_ADJUSTMENT_KEY_LENGTH)
      throw new CommandRefusal(`--key must be 1 to ${MAX_ADJUSTMENT_KEY_LENGTH} characters`);
    return { idempotencyKey: `adjustment:${key}`, isDerived: false };
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([userId, signedPaise.toString(), reason]))
    .digest('hex');
  return { idempotencyKey: `adjustment-auto:${digest}`, isDerived: true };
}

export { CommandRefusal, type CommandArgs, type CommandResult, type OperatorContext } from './command-kit.ts';

function adjustmentId(args: CommandArgs): string {
  const id = required(args, 'id');
  if (!/^[1-9]\d{0,17}$/.test(id)) throw new CommandRefusal('--id must be an adjustment id (a whole number)');
  return id;
}

/** What user:adjust says: posted, waiting for a second approver, or the same request run again. */
async function adjustmentLines(ctx: OperatorContext, adjustment: TAdjustment, isReplay: boolean, isKeyDerived: boolean) {
  const isDebit = adjustment.amount.startsWith('-');
  const moved = `₹${adjustment.amount.replace(/^-/, '')} ${isDebit ? 'from' : 'to'} player ${adjustment.playerId}'s cash`;
  const balances = await findPlayerBalances(ctx.db, adjustment.playerId);
  const balanceLine = `cash ₹${formatMoney(balances.cashPaise)}, bonus ₹${formatMoney(balances.bonusPaise)}`;
  if (isReplay) {
    const why = isKeyDerived
      ? 'an identical adjustment: same player, amount and reason; to make another, give it its own --key'
      : 'same --key';
    const state =
      adjustment.status === 'posted'
        ? `already posted as adjustment ${adjustment.id} at ${adjustment.decidedTime}`
        : `already asked as adjustment ${adjustment.id} at ${adjustment.createTime}, now ${adjustment.status}`;
    return [`${state} (${why}): nothing moved`, balanceLine];
  }
  if (adjustment.status === 'pending')
    return [
      `adjustment ${adjustment.id} waits for a second, different approver (${moved}): above the single-approval amount or past today's single-approval total; approve it in the console (Adjustments) or with adjust:approve --id ${adjustment.id} as another ADMIN_ACTOR`,
      balanceLine,
    ];
  return [`${isDebit ? 'debited' : 'credited'} ${moved} (adjustment ${adjustment.id})`, balanceLine];
}

const commands: Record<string, Command> = {
  ...paymentCommands,
  ...complaintCommands,
  ...protectionCommands,
  ...operatorAccountCommands,
  'gift:create': {
    usage:
      'gift:create --amount 50 --uses 1 [--expires <ISO time>] [--to bonus|cash]   (cash, or bonus above the single-approval value, waits for gift:approve)',
    async run(ctx, args) {
      const amountPaise = positiveAmount(required(args, 'amount'));
      const uses = Number(args.uses ?? '1');
      if (!Number.isSafeInteger(uses) || uses < 1 || uses > MAX_GIFT_USES)
        throw new CommandRefusal(`--uses must be a whole number from 1 to ${MAX_GIFT_USES}`);
      const target = args.to ?? 'bonus';
      if (target !== 'bonus' && target !== 'cash') throw new CommandRefusal('--to must be bonus or cash');
      let expiresAt: Date | null = null;
      if (args.expires) {
        expiresAt = new Date(args.expires);
        if (Number.isNaN(expiresAt.getTime())) throw new CommandRefusal(`--expires "${args.expires}" is not an ISO date-time`);
        if (expiresAt.getTime() <= ctx.clock.now().getTime()) throw new CommandRefusal('--expires must be in the future');
      }
      const gift = await createGiftCode(
        ctx.db,
        { amountPaise, uses, target, expiresAt },
        commandLineApprover(ctx.actor),
        ctx.approvalRules ?? DEFAULT_APPROVAL_RULES,
        ctx.clock.now(),
      );
      return [
        `gift code created: ₹${gift.amount} to ${target}, ${uses} use(s), ${expiresAt ? `expires ${expiresAt.toISOString()}` : 'no expiry'}`,
        ...(gift.status === 'pending'
          ? [
              `it waits for a second, different approver before anybody can redeem it: gift:approve --code ${gift.code} as another ADMIN_ACTOR, or the console's Gift codes`,
            ]
          : []),
        gift.code,
      ];
    },
  },

  'gift:approve': {
    usage: 'gift:approve --code <code>   (a second, different approver releases a waiting gift code)',
    async run(ctx, args) {
      const code = required(args, 'code').toUpperCase();
      const gift = await approveGiftCode(
        ctx.db,
        code,
        commandLineApprover(ctx.actor),
        ctx.approvalRules ?? DEFAULT_APPROVAL_RULES,
        ctx.clock.now(),
      );
      return [
        `gift code ${gift.code} approved: ₹${gift.amount} to ${gift.target}, ${gift.maxUses} use(s); it can be redeemed now`,
      ];
    },
  },

  'gift:reject': {
    usage: 'gift:reject --code <code>',
    async run(ctx, args) {
      const code = required(args, 'code').toUpperCase();
      await rejectGiftCode(ctx.db, code, commandLineApprover(ctx.actor), ctx.clock.now());
      return [`gift code ${code} rejected; it can never be redeemed`];
    },
  },

  'user:adjust': {
    usage: 'user:adjust --user <id|email|mobile> --amount <±decimal> --reason "<text>" [--key <retry key>]',
    async run(ctx, args) {
      const userId = await findUserId(ctx.db, required(args, 'user'));
      const amountText = required(args, 'amount');
      const isDebit = amountText.startsWith('-');
      const amountPaise = positiveAmount(amountText.replace(/^[+-]/, ''));
      const reason = required(args, 'reason');
      if (reason.length > 500) throw new CommandRefusal('--reason must be at most 500 characters');
      const signedPaise = isDebit ? -amountPaise : amountPaise;
      const key = adjustmentKey(args.key, userId, signedPaise, reason);
      // The console's use case and its maker-checker: posted at once only when small enough and within
      // today's single-approval allowance; otherwise it waits for a second approver.
      let requested;
      try {
        requested = await requestAdjustment(
          { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules ?? DEFAULT_APPROVAL_RULES },
          { playerId: userId, amount: signedPaise, reason, requestKey: key.idempotencyKey },
          commandLineApprover(ctx.actor),
        );
      } catch (error) {
        if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT')
          throw new CommandRefusal(
            `--key "${args.key}" was already used for a different adjustment; nothing moved`,
            'IDEMPOTENCY_CONFLICT',
          );
        throw error;
      }
      return adjustmentLines(ctx, requested.adjustment, requested.isReplay, key.isDerived);
    },
  },

  'adjust:approve': {
    usage: 'adjust:approve --id <adjustment id>   (a second, different approver posts a waiting adjustment)',
    async run(ctx, args) {
      const id = adjustmentId(args);
      const deps = { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules ?? DEFAULT_APPROVAL_RULES };
      const adjustment = await approveAdjustment(deps, id, commandLineApprover(ctx.actor));
      return [`adjustment ${id} posted: ₹${adjustment.amount} for player ${adjustment.playerId}`];
    },
  },

  'adjust:reject': {
    usage: 'adjust:reject --id <adjustment id>',
    async run(ctx, args) {
      const id = adjustmentId(args);
      const deps = { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules ?? DEFAULT_APPROVAL_RULES };
      await rejectAdjustment(deps, id, commandLineApprover(ctx.actor));
      return [`adjustment ${id} rejected; nothing moved`];
    },
  },

  'user:show': {
    usage: 'user:show --user <id|email|mobile>',
    async run(ctx, args) {
      const userId = await findUserId(ctx.db, required(args, 'user'));
      const [user] = await ctx.db.query<{
        id: number;
        mobile: string | null;
        email: string | null;
        nick_name: string;
        promotion_code: string;
        created_at: Date;
      }>('select id, mobile, email, nick_name, promotion_code, created_at from users where id = $1', [userId]);
      const balances = await findPlayerBalances(ctx.db, userId);
      const { list: transfers } = await findMoneyTranceList(ctx.db, userId, { pageNum: 1, pageSize: 10, type: 'all' });
      return [
        `player ${user!.id} "${user!.nick_name}" mobile ${user!.mobile ?? '-'} e-mail ${user!.email ?? '-'} code ${user!.promotion_code} since ${user!.created_at.toISOString()}`,
        `cash ₹${formatMoney(balances.cashPaise)}, bonus ₹${formatMoney(balances.bonusPaise)}`,
        transfers.length === 0 ? 'no transfers yet' : 'last transfers (newest first):',
        ...transfers.map(
          (row) =>
            `  #${row.id.split('-')[0]} ${row.createTime} ${row.wallet.padEnd(5)} ${row.amount} → ${row.balanceAfter} ${row.reason}${row.reference ? ` (${row.reference})` : ''}`,
        ),
      ];
    },
  },

  'ledger:check': {
    usage: 'ledger:check',
    async run(ctx) {
      const report = await checkLedger(ctx.db);
      const lines = formatLedgerReport(report);
      if (report.violations.length > 0) throw new CommandRefusal(lines.join('\n'), 'INTERNAL');
      return lines;
    },
  },
};

export function commandUsage(): string[] {
  return ['usage: npm run admin -- <command> [options]', ...Object.values(commands).map((command) => `  ${command.usage}`)];
}

export function isKnownCommand(name: string): boolean {
  return Object.hasOwn(commands, name);
}

/** Runs one operator command and records it (and its outcome) in the append-only audit log. */
export async function runOperatorCommand(ctx: OperatorContext, name: string, args: CommandArgs): Promise<CommandResult> {
  const command = commands[name];
  if (!command) return { isOk: false, lines: [`unknown command "${name}"`, ...commandUsage()] };
  let result: CommandResult;
  try {
    result = { isOk: true, lines: await command.run(ctx, args) };
  } catch (error) {
    if (error instanceof CommandRefusal) result = { isOk: false, lines: [`refused: ${error.message}`] };
    else if (error instanceof AppError || error instanceof AdminError)
      result = { isOk: false, lines: [`refused (${error.code}): ${error.message}`] };
    else throw error;
  }
  // Every command is recorded, reads included: looking up a player's data is an action too. What a
  // shell passed is made well formed and bounded first, so the row cannot fail for its text.
  await ctx.db.query('insert into admin_audit_log (actor, action, details, outcome) values ($1, $2, $3, $4)', [
    wellFormedText(ctx.actor.slice(0, 200)),
    wellFormedText(name.slice(0, 100)),
    storableJsonText(args),
    wellFormedText(result.isOk ? 'ok' : result.lines.join(' ').slice(0, 1000)),
  ]);
  return result;
}
