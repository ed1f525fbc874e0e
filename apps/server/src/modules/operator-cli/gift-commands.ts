import { formatMoney } from '@mayur/rules/money';
import { GIFT_MAX_AMOUNT_PAISE, GIFT_MAX_USES, ZGiftCodeCreateRequest } from '@mayur/contracts/admin';
import { commandLineApprover } from '../approvals/approver.ts';
import { approveGiftCode, createGiftCode, rejectGiftCode } from '../gifts/gift-codes.ts';
import { asConsoleRequest, required, type Command, type CommandArgs } from './command-kit.ts';

// Operator commands for gift codes: the console's use cases (modules/gifts/gift-codes.ts), with their
// maker-checker, and the console's request schema, so a code the console would refuse (its amount, its
// uses, its expiry) is refused here too. Only the wording of a refused option is the command line's own.

function refusedOption(args: CommandArgs, field: string): string {
  if (field === 'uses') return `--uses must be a whole number from 1 to ${GIFT_MAX_USES}`;
  if (field === 'target') return '--to must be bonus or cash';
  if (field === 'expiresTime') return `--expires "${args.expires}" is not an ISO date-time`;
  return `amount "${args.amount}" must be a positive number of rupees with at most two decimals, at most ₹${formatMoney(GIFT_MAX_AMOUNT_PAISE)}`;
}

/** The options as the console's form sends them; a date the command line can read is written in full. */
function giftRequestOf(args: CommandArgs) {
  const expires = args.expires ? new Date(args.expires) : null;
  const input = {
    amount: required(args, 'amount'),
    uses: args.uses ?? '1',
    target: args.to ?? 'bonus',
    expiresTime: expires === null ? undefined : Number.isNaN(expires.getTime()) ? args.expires : expires.toISOString(),
  };
  return asConsoleRequest(ZGiftCodeCreateRequest, input, (field) => refusedOption(args, field));
}

export const giftCommands: Record<string, Command> = {
  'gift:create': {
    usage:
      'gift:create --amount 50 --uses 1 [--expires <ISO time>] [--to bonus|cash]   (cash, or bonus above the single-approval value, waits for gift:approve)',
    async run(ctx, args) {
      const request = giftRequestOf(args);
      const expiresAt = request.expiresTime ? new Date(request.expiresTime) : null;
      const gift = await createGiftCode(
        ctx.db,
        { amountPaise: request.amount, uses: request.uses, target: request.target, expiresAt },
        commandLineApprover(ctx.actor),
        ctx.approvalRules,
        ctx.clock.now(),
      );
      return [
        `gift code created: ₹${gift.amount} to ${gift.target}, ${gift.maxUses} use(s), ${expiresAt ? `expires ${expiresAt.toISOString()}` : 'no expiry'}`,
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
      const gift = await approveGiftCode(ctx.db, code, commandLineApprover(ctx.actor), ctx.approvalRules, ctx.clock.now());
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
};
