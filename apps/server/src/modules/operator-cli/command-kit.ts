import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
import { usageRefusal, type Refusal } from '../../platform/refusal.ts';
import { findPlayerByReference, type FoundPlayer } from '../admin/search-players.ts';
import type { InviteBonusSettings } from '../agent/pay-invite-bonus.ts';
import type { ApprovalRules } from '../approvals/approval-rules.ts';
import type { PasswordHasher } from '../auth/passwords.ts';
import type { PaymentGateway } from '../payments/gateways/payment-gateway.ts';

// What every operator command is made of: its context, its arguments, its refusals.

export type OperatorContext = {
  db: Db;
  clock: Clock;
  log: Logger;
  gateway: PaymentGateway;
  /** A deposit an operator confirms pays the invite bonus like any other (decision 0012). */
  inviteBonus: InviteBonusSettings;
  actor: string;
  /** Argon2id with the configured parameters, for commands that set a password (operator:create). */
  hasher?: PasswordHasher;
  /**
   * Maker-checker's numbers (approvals/approval-rules.ts): a context built without them uses the
   * settings' defaults, never no limit.
   */
  approvalRules?: ApprovalRules;
};
export type CommandArgs = Record<string, string | undefined>;
export type CommandResult = { isOk: boolean; lines: string[] };

/**
 * How the command line prints a refusal: a command's own in its words; a use case's (the console's
 * use cases, shared) with its code, since its detail is written for the log.
 */
export function refusalLines(refusal: Refusal): string[] {
  return [refusal.code === 'USAGE' ? `refused: ${refusal.message}` : `refused (${refusal.code}): ${refusal.message}`];
}

/** What a command runs with: the operator's context, with maker-checker's numbers settled. */
export type CommandContext = OperatorContext & { approvalRules: ApprovalRules };
export type Command = { usage: string; run(ctx: CommandContext, args: CommandArgs): Promise<string[]> };

/**
 * A command's options read by the console's own request schema, so that both surfaces accept and
 * refuse the same input; only the wording of a refused option (`wordingOf` its field) is the CLI's.
 */
export function asConsoleRequest<T>(schema: z.ZodType<T>, input: unknown, wordingOf: (field: string) => string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw usageRefusal(wordingOf(String(parsed.error.issues[0]?.path[0] ?? '')));
}

export function required(args: CommandArgs, name: string): string {
  const value = args[name]?.trim();
  if (!value) throw usageRefusal(`--${name} is required`);
  return value;
}

/** The player an operator names by id, mobile number, e-mail or promotion code, as the console finds them. */
export async function findPlayer(db: Queryable, reference: string): Promise<FoundPlayer> {
  const player = await findPlayerByReference(db, reference);
  if (!player)
    throw usageRefusal(`no player found for "${reference}" (give an id, a mobile number, an e-mail or a promotion code)`);
  return player;
}
