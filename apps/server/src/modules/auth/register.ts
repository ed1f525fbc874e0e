import { randomInt } from 'node:crypto';
import type { TSession } from '@mayur/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { RequestMeta } from '../../platform/http/register-endpoint.ts';
import { joinInviterTeam } from '../agent/team.ts';
import { withCode } from '../codes/with-code.ts';
import { toUserView, USER_COLUMNS, type UserRow } from '../users/user-view.ts';
import { openPlayerAccounts } from '../wallet/accounts.ts';
import { channelOf, columnOf, type LoginIdentity } from './login-identity.ts';
import type { PasswordHasher } from './passwords.ts';
import { createSession } from './sessions.ts';

export type RegisterInput = {
  identity: LoginIdentity;
  password: string;
  code: string;
  invitationCode: string | undefined;
  ageConfirmed: boolean;
  riskAccepted: boolean;
};

// No 0/O or 1/I: codes are read aloud and typed from screenshots.
const PROMOTION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PROMOTION_CODE_LENGTH = 8;

export function generatePromotionCode(): string {
  let code = '';
  for (let i = 0; i < PROMOTION_CODE_LENGTH; i++) code += PROMOTION_ALPHABET[randomInt(PROMOTION_ALPHABET.length)];
  return code;
}

function defaultNickName(identity: LoginIdentity): string {
  if (identity.kind === 'mobile') return `Member${identity.value.slice(-4)}`;
  return identity.value.split('@')[0]!.slice(0, 20) || 'Member';
}

async function findInviterId(ctx: AppContext, invitationCode: string | undefined): Promise<number | null> {
  if (!invitationCode) {
    if (ctx.config.registration.isInvitationCodeRequired)
      throw new AppError('RECOMMENDATION_CODE_REQUIRED', undefined, { field: 'invitationCode' });
    return null;
  }
  const rows = await ctx.db.query<{ id: number }>('select id from users where promotion_code = $1', [invitationCode]);
  if (!rows[0])
    throw new AppError('RECOMMENDATION_CODE_INVALID', `no player has code ${invitationCode}`, { field: 'invitationCode' });
  return rows[0].id;
}

async function insertUser(
  tx: Tx,
  ctx: AppContext,
  input: RegisterInput,
  passwordHash: string,
  inviterId: number | null,
): Promise<UserRow> {
  const now = ctx.clock.now();
  const column = columnOf(input.identity);
  // A promotion-code collision is astronomically rare (32^8); retry a few times rather than fail.
  for (let attempt = 0; attempt < 5; attempt++) {
    const rows = await tx.query<UserRow>(
      `insert into users (${column}, password_hash, nick_name, promotion_code, inviter_id, age_confirmed_at, risk_accepted_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $6, $6)
       on conflict do nothing
       returning ${USER_COLUMNS}`,
      [input.identity.value, passwordHash, defaultNickName(input.identity), generatePromotionCode(), inviterId, now],
    );
    if (rows[0]) return rows[0];
    const taken = await tx.query(`select 1 from users where ${column} = $1`, [input.identity.value]);
    if (taken.length > 0) throw new AppError('ACCOUNT_EXISTS', `${column} already registered`, { field: column });
  }
  throw new Error('could not allocate a unique promotion code');
}

/** Registers a player with a code sent to their mobile or e-mail and opens their first session. */
export async function register(
  ctx: AppContext,
  hasher: PasswordHasher,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<TSession> {
  if (!ctx.config.registration.isOpen) throw new AppError('REGISTRATION_CLOSED');
  if (!input.ageConfirmed) throw new AppError('AGE_CONFIRMATION_REQUIRED', undefined, { field: 'ageConfirmed' });
  if (!input.riskAccepted) throw new AppError('RISK_ACCEPTANCE_REQUIRED', undefined, { field: 'riskAccepted' });
  const column = columnOf(input.identity);
  const inviterId = await findInviterId(ctx, input.invitationCode);
  // The code is checked before anything about the account is said or any argon2 hash is computed: without
  // it a caller cannot learn who is registered. A refusal rolls back and leaves the code usable.
  const tried = { channel: channelOf(input.identity), destination: input.identity.value, code: input.code, ip: meta.ip };
  return withCode(ctx, tried, async (tx) => {
    const existing = await tx.query(`select 1 from users where ${column} = $1`, [input.identity.value]);
    if (existing.length > 0) throw new AppError('ACCOUNT_EXISTS', `${column} already registered`, { field: column });
    const user = await insertUser(tx, ctx, input, await hasher.hash(input.password), inviterId);
    // The team is written with the player, so no team figure ever misses a registered member.
    if (inviterId !== null) await joinInviterTeam(tx, user.id, inviterId);
    await openPlayerAccounts(tx, user.id);
    const token = await createSession(tx, ctx.clock, ctx.config.sessionTtlMs, user.id, meta);
    meta.log.info({ userId: user.id, inviterId }, 'player registered');
    return { token, user: toUserView(user) };
  });
}
