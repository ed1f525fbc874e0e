import type { ErrorCode } from '@mayur/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/db/db.ts';
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

/** A refusal an operator reads: what went wrong, in words, with the stable code. */
export class CommandRefusal extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | 'USAGE' = 'USAGE',
  ) {
    super(message);
  }
}

export type Command = { usage: string; run(ctx: OperatorContext, args: CommandArgs): Promise<string[]> };

export function required(args: CommandArgs, name: string): string {
  const value = args[name]?.trim();
  if (!value) throw new CommandRefusal(`--${name} is required`);
  return value;
}

/** The player an operator names by id, mobile number or e-mail. */
export async function findUserId(db: Queryable, reference: string): Promise<number> {
  const asId = /^\d{1,9}$/.test(reference) && !/^[6-9]\d{9}$/.test(reference) ? Number(reference) : null;
  const rows = await db.query<{ id: number }>('select id from users where id = $1 or mobile = $2 or email = lower($2) limit 1', [
    asId,
    reference,
  ]);
  if (!rows[0]) throw new CommandRefusal(`no player found for "${reference}" (give an id, a mobile number or an e-mail)`);
  return rows[0].id;
}
