import type { TCreateOperatorRequest, TOperatorChangeResponse, TOwnerRequest } from '@mayur/contracts/admin';
import type { z } from 'zod';
import type { ZAgentProgrammeSaveRequest, ZCreateOperatorRequest } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { acceptFreshCode } from './accept-totp.ts';
import { Refusal } from '../../platform/refusal.ts';
import { saveAgentProgramme } from './agent-settings.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { mailOneTimePassword } from './one-time-password-mail.ts';
import { assertNotCoolingPair } from '../approvals/approver-rules.ts';
import { consoleApprover } from '../approvals/approver.ts';
import {
  createOperator,
  disableOperator,
  findOperator,
  findOperatorByLogin,
  oneTimePassword,
  resetOperator,
  type OperatorRow,
} from './operators.ts';
import { askSecondOwner, closeOwnerRequest, lockWaitingRequest, readOwnerRequest } from './owner-requests.ts';
import type { AuditedCall } from './player-actions.ts';

// An owner's powers over operator accounts, from the console (decision 0029). Each asks for a fresh
// code from the owner's authenticator, so an open or stolen session is not enough. A new or reset
// operator's one-time password is e-mailed to them, never shown to the owner: the mail goes out before
// the change's transaction (the outbox of the embedded database is written on its one connection), so
// an account whose password could not be delivered is not made or reset (the owner tries again); a
// change that then fails leaves a password that opens nothing. Resetting or disabling another owner is
// only asked for here: a second, different owner makes it by approving the request (ownerRequests).
// Every change writes its audit row in its own transaction.

export type { TCreateOperatorRequest };

export async function createOperatorAsOwner(
  bo: BackOfficeContext,
  input: z.output<typeof ZCreateOperatorRequest>,
  owner: OperatorRow,
  call: AuditedCall,
) {
  const { db, clock } = bo.app;
  await acceptFreshCode(bo, db, owner, input.code);
  const { code: _code, ...fields } = input;
  if (await findOperatorByLogin(db, fields.login)) throw new Refusal('OPERATOR_EXISTS', `login "${fields.login}" is taken`);
  const password = oneTimePassword();
  const passwordSentTo = await mailOneTimePassword(bo, fields, password);
  return db.transaction(async (tx) => {
    const created = await createOperator(tx, bo.hasher, { ...fields, createdBy: owner.id }, clock.now(), password);
    call.audit.before = null;
    call.audit.after = { ...created.operator, passwordSentTo };
    await call.recordWithin(tx);
    return { operator: created.operator, passwordSentTo };
  });
}

/** Resets an operator (a new one-time password e-mailed to them); another owner's reset waits for a second owner. */
export async function resetOperatorAsOwner(
  bo: BackOfficeContext,
  input: { operatorId: string; code: string },
  owner: OperatorRow,
  call: AuditedCall,
): Promise<TOperatorChangeResponse> {
  if (input.operatorId === owner.id) throw new Refusal('CANNOT_RESET_SELF');
  const { db } = bo.app;
  await acceptFreshCode(bo, db, owner, input.code);
  const subject = await findOperator(db, input.operatorId);
  if (subject.role === 'owner')
    return db.transaction((tx) => askAsOwner(bo, tx, { kind: 'operator-reset', subject, owner, call }));
  const mailed = await mailNewPassword(bo, subject);
  return db.transaction(async (tx) => {
    const change = await resetOperator(tx, bo.hasher, subject.id, owner.id, bo.app.clock.now(), mailed.password);
    call.audit.before = change.before;
    call.audit.after = { ...change.after, passwordSentTo: mailed.sentTo };
    await call.recordWithin(tx);
    return { operator: change.after, passwordSentTo: mailed.sentTo, ownerRequest: null };
  });
}

export async function disableOperatorAsOwner(
  bo: BackOfficeContext,
  input: { operatorId: string; code: string },
  owner: OperatorRow,
  call: AuditedCall,
): Promise<TOperatorChangeResponse> {
  if (input.operatorId === owner.id) throw new Refusal('CANNOT_DISABLE_SELF');
  await acceptFreshCode(bo, bo.app.db, owner, input.code);
  return bo.app.db.transaction(async (tx) => {
    const subject = await findOperator(tx, input.operatorId, true);
    if (subject.role === 'owner' && !subject.is_disabled)
      return askAsOwner(bo, tx, { kind: 'operator-disable', subject, owner, call });
    const change = await disableOperator(tx, subject.id, owner.id, bo.app.clock.now());
    call.audit.before = change.before;
    call.audit.after = change.after;
    await call.recordWithin(tx);
    return { operator: change.after, passwordSentTo: null, ownerRequest: null };
  });
}

/** A new one-time password for the operator, e-mailed to them. */
async function mailNewPassword(bo: BackOfficeContext, subject: OperatorRow) {
  const password = oneTimePassword();
  const sentTo = await mailOneTimePassword(bo, subject, password);
  return { password, sentTo };
}

async function askAsOwner(
  bo: BackOfficeContext,
  tx: Queryable,
  ask: { kind: 'operator-reset' | 'operator-disable'; subject: OperatorRow; owner: OperatorRow; call: AuditedCall },
): Promise<TOperatorChangeResponse> {
  // A reset sends its password by e-mail when approved: refuse now rather than after a second owner's work.
  if (ask.kind === 'operator-reset' && !ask.subject.email)
    throw new Refusal('OPERATOR_EMAIL_MISSING', `owner ${ask.subject.login} has no e-mail address`);
  const ownerRequest = await askSecondOwner(tx, {
    kind: ask.kind,
    subjectOperatorId: ask.subject.id,
    payload: {},
    requestedBy: ask.owner.id,
    now: bo.app.clock.now(),
  });
  ask.call.audit.before = null;
  ask.call.audit.after = ownerRequest;
  await ask.call.recordWithin(tx);
  return { operator: null, passwordSentTo: null, ownerRequest };
}

/**
 * A second owner approves a waiting request with a fresh code: the change is made in this
 * transaction. The approver is never the owner who asked, nor one freshly bound to them by creating or
 * resetting accounts (approvals/approver-rules.ts). A reset's one-time password is mailed first.
 */
export async function approveOwnerRequest(
  bo: BackOfficeContext,
  input: { requestId: string; code: string },
  owner: OperatorRow,
  call: AuditedCall,
): Promise<TOwnerRequest> {
  const { db } = bo.app;
  await acceptFreshCode(bo, db, owner, input.code);
  const asked = await mayDecide(bo, db, input.requestId, owner);
  const mailed =
    asked.request.kind === 'operator-reset'
      ? await mailNewPassword(bo, await findOperator(db, asked.request.subject_operator_id!))
      : null;
  return db.transaction(async (tx) => {
    const { request, asker } = await mayDecide(bo, tx, input.requestId, owner, true);
    const before = await readOwnerRequest(tx, request.id);
    const made = await makeRequestedChange(bo, tx, request, asker, mailed);
    await closeOwnerRequest(tx, request.id, 'approved', owner.id, bo.app.clock.now());
    const after = await readOwnerRequest(tx, request.id);
    call.audit.before = before;
    call.audit.after = { ...after, made };
    await call.recordWithin(tx);
    return after;
  });
}

/** The waiting request (locked when asked to) and who asked, once the approver is known to be allowed to decide it. */
async function mayDecide(bo: BackOfficeContext, db: Queryable, requestId: string, owner: OperatorRow, isLocked = false) {
  const request = await lockWaitingRequest(db, requestId, owner.id, isLocked);
  const asker = await findOperator(db, request.requested_by);
  await assertNotCoolingPair(
    db,
    { maker: consoleApprover(asker), checker: consoleApprover(owner) },
    { coolingMs: bo.app.config.admin.approverCoolingMs, nowMs: bo.app.clock.now().getTime() },
  );
  return { request, asker };
}

async function makeRequestedChange(
  bo: BackOfficeContext,
  tx: Queryable,
  request: { kind: TOwnerRequest['kind']; subject_operator_id: string | null; payload: Record<string, unknown> },
  asker: OperatorRow,
  mailed: { password: string; sentTo: string } | null,
): Promise<unknown> {
  const now = bo.app.clock.now();
  switch (request.kind) {
    case 'operator-reset': {
      // The owner who asked is the one who reset: the cooling period binds them to the reset owner.
      const change = await resetOperator(tx, bo.hasher, request.subject_operator_id!, asker.id, now, mailed!.password);
      return { operator: change.after, passwordSentTo: mailed!.sentTo };
    }
    case 'operator-disable':
      return (await disableOperator(tx, request.subject_operator_id!, asker.id, now)).after;
    case 'agent-programme':
      return saveAgentProgramme(bo, tx, request.payload as z.output<typeof ZAgentProgrammeSaveRequest>, asker);
  }
}

export async function rejectOwnerRequest(
  bo: BackOfficeContext,
  input: { requestId: string; code: string },
  owner: OperatorRow,
  call: AuditedCall,
): Promise<TOwnerRequest> {
  await acceptFreshCode(bo, bo.app.db, owner, input.code);
  return bo.app.db.transaction(async (tx) => {
    const request = await lockWaitingRequest(tx, input.requestId, owner.id, true);
    const before = await readOwnerRequest(tx, request.id);
    await closeOwnerRequest(tx, request.id, 'rejected', owner.id, bo.app.clock.now());
    const after = await readOwnerRequest(tx, request.id);
    call.audit.before = before;
    call.audit.after = after;
    await call.recordWithin(tx);
    return after;
  });
}
