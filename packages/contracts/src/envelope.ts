import type { ErrorCode } from './errors.ts';

// The envelope every API response is wrapped in (DESIGN.md §3).
export type SuccessEnvelope<T> = { res: 1; resMsg: 'success'; obj: T };
export type RefusalEnvelope = { res: 0; resMsg: string; code: ErrorCode; field?: string };
export type UnauthorizedEnvelope = { res: 401; resMsg: string; code: 'UNAUTHORIZED' };
export type Envelope<T> = SuccessEnvelope<T> | RefusalEnvelope | UnauthorizedEnvelope;
