import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@mayur/contracts/admin';
import type { Queryable } from '../../platform/db/db.ts';
import { sha256Hex } from './totp.ts';

// Ten single-use recovery codes per enrolment, for an operator who lost the phone: shown once as
// "ABCDE-FGHJK" (base32 letters, 50 random bits), stored as SHA-256 of the ten characters.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Replaces the operator's recovery codes with ten new ones and returns them for showing once. */
export async function replaceRecoveryCodes(db: Queryable, operatorId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.query('delete from operator_recovery_codes where operator_id = $1', [operatorId]);
  await db.query(`insert into operator_recovery_codes (operator_id, code_hash) select $1, unnest($2::text[])`, [
    operatorId,
    codes.map(sha256Hex),
  ]);
  return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);
}

/** Uses one recovery code (already normalised to ten characters); true once, false ever after. */
export async function useRecoveryCode(db: Queryable, operatorId: string, normalised: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `update operator_recovery_codes set used_at = $3 where operator_id = $1 and code_hash = $2 and used_at is null returning id`,
    [operatorId, sha256Hex(normalised), now],
  );
  return rows.length === 1;
}
