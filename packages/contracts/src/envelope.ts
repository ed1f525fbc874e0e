import type { ErrorCode } from '@mayur/rules/errors';
import type { RefusalDetails } from '@mayur/rules/protection-rules';

// The envelope every API response is wrapped in (DESIGN.md §3).
export type SuccessEnvelope<T> = { res: 1; resMsg: 'success'; obj: T };
/** `details` says more about some refusals: which limit and when it resets, or when an exclusion ends. */
export type RefusalEnvelope = { res: 0; resMsg: string; code: ErrorCode; field?: string; details?: RefusalDetails };
export type UnauthorizedEnvelope = { res: 401; resMsg: string; code: 'UNAUTHORIZED' };
export type Envelope<T> = SuccessEnvelope<T> | RefusalEnvelope | UnauthorizedEnvelope;
