import { MAX_REQUEST_AMOUNT_PAISE } from '@mayur/rules/field-rules';
import { createHash } from 'node:crypto';
import { formatMoney } from '@mayur/rules/money';
import {
  asConsoleRequest,
  findPlayer,
  refusalLines,
  required,
  type Command,
  type CommandArgs,
  type CommandResult,
  type OperatorContext,
} from './command-kit.ts';
import { complaintCommands } from './complaint-commands.ts';
import { giftCommands } from './gift-commands.ts';
import { operatorAccountCommands } from './operator-account-commands.ts';
import { paymentCommands } from './payment-commands.ts';
import { protectionCommands } from './protection-commands.ts';
import { storableJsonText, wellFormedText } from '../../platform/db/storable-json.ts';
import { Refusal, usageRefusal } from '../../platform/refusal.ts';
import { ZAdjustmentIdRequest, ZAdjustmentRequest, type TAdjustment } from '@mayur/contracts/admin';
import { DEFAULT_APPROVAL_RULES } from '../approvals/approval-rules.ts';
import { commandLineApprover } from '../approvals/approver.ts';
import { approveAdjustment, rejectAdjustment, requestAdjustment } from '../admin/adjust-balance.ts';
import { findPlayerBalances } from '../wallet/accounts.ts';
import { checkLedger, formatLedgerReport } from '../wallet/check-ledger.ts';
import { findMoneyTranceList } from '../wallet/find-money-trance-list.ts';

// The operator's commands. The same functions run in the CLI process (PostgreSQL, or an embedded
// database no server holds) and inside the running server (embedded database it holds), so both
// paths behave identically. Every command is written to admin_audit_log.

/** user:adjust's options through the console's own request schema, so both refuse the same amounts and reasons. */
function adjustmentRequestOf(playerId: number, args: CommandArgs): { amount: bigint; reason: string } {
  const input = { playerId, amount: required(args, 'amount'), reason: required(args, 'reason') };
  return asConsoleRequest(ZAdjustmentRequest, input, (field) =>
    field === 'reason'
      ? '--reason must be at most 500 characters'
      : `amount "${args.amount}" must be a positive number of rupees with at most two decimals, at most ₹${formatMoney(MAX_REQUEST_AMOUNT_PAISE)}`,
  );
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
      throw usageRefusal(`--key must be 1 to ${MAX_ADJUSTMENT_KEY_LENGTH} characters`);
    return { idempotencyKey: `adjustment:${key}`, isDerived: false };
  }
  const digest = createHash('sha256')
    .update(JSON.stringify([userId, signedPaise.toString(), reason]))
    .digest('hex');
  return { idempotencyKey: `adjustment-auto:${digest}`, isDerived: true };
}

export { type CommandArgs, type CommandResult, type OperatorContext } from './command-kit.ts';

function adjustmentId(args: CommandArgs): string {
  const input = { adjustmentId: required(args, 'id') };
  return asConsoleRequest(ZAdjustmentIdRequest, input, () => '--id must be an adjustment id (a whole number)').adjustmentId;
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
  ...giftCommands,
  'user:adjust': {
    usage: 'user:adjust --user <id|email|mobile|promotion code> --amount <±decimal> --reason "<text>" [--key <retry key>]',
    async run(ctx, args) {
      const { id: userId } = await findPlayer(ctx.db, required(args, 'user'));
      const { amount: signedPaise, reason } = adjustmentRequestOf(userId, args);
      const key = adjustmentKey(args.key, userId, signedPaise, reason);
      // The console's use case and its maker-checker: posted at once only when small enough and within
      // today's single-approval allowance; otherwise it waits for a second approver.
      let requested;
      try {
        requested = await requestAdjustment(
          { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules },
          { playerId: userId, amount: signedPaise, reason, requestKey: key.idempotencyKey },
          commandLineApprover(ctx.actor),
        );
      } catch (error) {
        if (error instanceof Refusal && error.code === 'IDEMPOTENCY_CONFLICT')
          throw new Refusal(
            'IDEMPOTENCY_CONFLICT',
            `--key "${args.key}" was already used for a different adjustment; nothing moved`,
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
      const deps = { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules };
      const adjustment = await approveAdjustment(deps, id, commandLineApprover(ctx.actor));
      return [`adjustment ${id} posted: ₹${adjustment.amount} for player ${adjustment.playerId}`];
    },
  },

  'adjust:reject': {
    usage: 'adjust:reject --id <adjustment id>',
    async run(ctx, args) {
      const id = adjustmentId(args);
      const deps = { db: ctx.db, clock: ctx.clock, rules: ctx.approvalRules };
      await rejectAdjustment(deps, id, commandLineApprover(ctx.actor));
      return [`adjustment ${id} rejected; nothing moved`];
    },
  },

  'user:show': {
    usage: 'user:show --user <id|email|mobile|promotion code>',
    async run(ctx, args) {
      const user = await findPlayer(ctx.db, required(args, 'user'));
      const balances = await findPlayerBalances(ctx.db, user.id);
      const { list: transfers } = await findMoneyTranceList(ctx.db, user.id, { pageNum: 1, pageSize: 10, type: 'all' });
      return [
        `player ${user.id} "${user.nick_name}" mobile ${user.mobile ?? '-'} e-mail ${user.email ?? '-'} code ${user.promotion_code} since ${user.created_at.toISOString()}`,
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
      if (report.violations.length > 0) throw new Refusal('INTERNAL', lines.join('\n'));
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
    result = {
      isOk: true,
      lines: await command.run({ ...ctx, approvalRules: ctx.approvalRules ?? DEFAULT_APPROVAL_RULES }, args),
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    result = { isOk: false, lines: refusalLines(error) };
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
