import { adminErrorMessage, isAdminErrorCode, type AdminErrorCode } from '@mayur/contracts/admin';
import { type RefusalDetails } from '@mayur/rules/protection-rules';

// One refusal for every surface. A use case throws it with a stable code, whoever called it; each
// surface renders it its own way: the player API's envelope (http/envelope.ts), the console's registrar
// (modules/admin/register-admin-endpoint.ts), the operator CLI's printer (modules/operator-cli), the
// wallet a game studio calls (modules/providers/callback-route.ts). The message is the detail, for logs,
// audit rows, the operator's terminal and the studio; people in the apps see the code's own message.

/** A command line's own refusal, worded in full for the operator (its arguments, mostly). */
export type CommandOnlyCode = 'USAGE';
/** The codes of the wallet a game studio calls (docs/provider-wallet-api.md) that the player API does not have. */
export type StudioWalletOnlyCode =
  | 'INVALID_SIGNATURE'
  | 'INVALID_API_KEY'
  | 'PROVIDER_UNKNOWN'
  | 'SESSION_INVALID'
  | 'PLAYER_MISMATCH'
  | 'PLAYER_BLOCKED'
  | 'PLAYER_FROZEN'
  | 'LIMIT_REACHED'
  | 'CREDIT_CEILING_REACHED'
  | 'CURRENCY_MISMATCH'
  | 'TRANSACTION_CONFLICT'
  | 'ROUND_NOT_FOUND'
  | 'ROUND_SETTLED'
  | 'DEBIT_ROLLED_BACK';
export type RefusalCode = AdminErrorCode | CommandOnlyCode | StudioWalletOnlyCode;

export type RefusalOptions = {
  /** A hint for HTTP surfaces: business refusals are answered 200 (the API contract), a pause 503. */
  httpStatus?: number;
  /** The request field the refusal is about, when there is one. */
  field?: string;
  /** Sent to the player beside the code (which limit and when it resets, when an exclusion ends). */
  details?: RefusalDetails;
  /** Told to a game studio beside the code: the player's cash when a bet is refused for the player's sake. */
  balancePaise?: bigint;
};

export class Refusal extends Error {
  readonly code: RefusalCode;
  readonly httpStatus: number;
  readonly field: string | undefined;
  readonly details: RefusalDetails | undefined;
  readonly balancePaise: bigint | undefined;

  constructor(code: RefusalCode, detail?: string, options: RefusalOptions = {}) {
    super(detail ?? (isAdminErrorCode(code) ? adminErrorMessage(code) : 'refused'));
    this.name = 'Refusal';
    this.code = code;
    this.httpStatus = options.httpStatus ?? (code === 'UNAUTHORIZED' ? 401 : 200);
    this.field = options.field;
    this.details = options.details;
    this.balancePaise = options.balancePaise;
  }
}

/** A command line's own refusal (its options, mostly), worded in full for the operator. */
export function usageRefusal(message: string): Refusal {
  return new Refusal('USAGE', message);
}
