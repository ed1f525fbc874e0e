import type { Queryable } from '../../platform/db/db.ts';
import { Refusal } from '../../platform/refusal.ts';
import type { Approver } from './approver.ts';

// Who may not be the second person. Maker-checker holds only if the two people are really two:
// - nobody approves a withdrawal of money they put into the player's account (a gift code they made or
//   approved and the player redeemed, or a credit adjustment they asked for or approved);
// - within the cooling period (ADMIN_APPROVER_COOLING_HOURS) after an operator is created or reset,
//   that operator and the one who created or reset them do not approve each other's requests, and two
//   operators created or reset by the same one do not either: an owner who makes an account (and so
//   could know its first password) cannot use it as their second person.

type OperatorOrigin = { id: string; made_by: string | null; made_at: Date };

/** Who created or last reset each console operator among the keys, and when. */
async function originsOf(tx: Queryable, approvers: readonly Approver[]): Promise<Map<string, OperatorOrigin>> {
  const ids = approvers.map((approver) => approver.operatorId).filter((id): id is string => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await tx.query<OperatorOrigin>(
    `select id::text as id,
            (case when reset_at is not null then reset_by else created_by end)::text as made_by,
            coalesce(reset_at, created_at) as made_at
     from operators where id = any($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Refuses the checker when they and the maker are too recently bound by creating or resetting accounts. */
export async function assertNotCoolingPair(
  tx: Queryable,
  pair: { maker: Approver; checker: Approver },
  rule: { coolingMs: number; nowMs: number },
): Promise<void> {
  const origins = await originsOf(tx, [pair.maker, pair.checker]);
  const within = (origin: OperatorOrigin | undefined) =>
    origin !== undefined && origin.made_by !== null && rule.nowMs - origin.made_at.getTime() < rule.coolingMs;
  const maker = pair.maker.operatorId === null ? undefined : origins.get(pair.maker.operatorId);
  const checker = pair.checker.operatorId === null ? undefined : origins.get(pair.checker.operatorId);
  const isCheckerMadeByMaker = within(checker) && checker!.made_by === pair.maker.operatorId;
  const isMakerMadeByChecker = within(maker) && maker!.made_by === pair.checker.operatorId;
  const areMadeBySameOne = within(maker) && within(checker) && maker!.made_by === checker!.made_by;
  if (isCheckerMadeByMaker || isMakerMadeByChecker || areMadeBySameOne)
    throw new Refusal(
      'APPROVER_COOLING',
      `${pair.checker.key} and ${pair.maker.key} made or reset each other's accounts recently`,
    );
}

/** Refuses an approver of a player's withdrawal who put money into that player's account. */
export async function assertDidNotFundPlayer(tx: Queryable, approver: Approver, playerId: number): Promise<void> {
  const [row] = await tx.query<{ by_gift: boolean; by_adjustment: boolean }>(
    `select exists (select 1 from gift_redemptions r join gift_codes g on g.code = r.code
                    where r.user_id = $1 and (g.maker_key = $2 or g.approved_by_key = $2)) as by_gift,
            exists (select 1 from balance_adjustments b join adjustment_approvals a on a.adjustment_id = b.id
                    where b.user_id = $1 and b.status = 'posted' and b.amount_paise > 0 and a.approver = $2) as by_adjustment`,
    [playerId, approver.key],
  );
  if (row!.by_gift || row!.by_adjustment)
    throw new Refusal(
      'APPROVER_FUNDED_PLAYER',
      `${approver.key} ${row!.by_gift ? 'made or approved a gift code' : 'asked for or approved an adjustment'} player ${playerId} received`,
    );
}
