import { type TFindPromoteResponse } from '@mayur/contracts';
import { DAY_MS } from '@mayur/rules/kolkata-day';
import { formatMoney } from '@mayur/rules/money';
import { kolkataDay, kolkataDayStartMs } from '@mayur/rules/kolkata-day';
import QRCode from 'qrcode';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { findCreditTotals } from '../wallet/player-credits.ts';
import { findTodaysSettings } from './programme-settings.ts';

type TeamCounts = { direct_count: number; team_count: number; new_today: number };

/**
 * The player's own agent card (`/user/findPromote`): invitation code, link and QR, team counts from
 * the closure table (each one indexed count on `agent_team (ancestor_id, depth, …)`), invite bonuses
 * received and commission credited, and the invite bonus in effect today. Only the session's player is
 * ever read.
 */
export async function findPromote(ctx: AppContext, userId: number): Promise<TFindPromoteResponse> {
  const [user] = await ctx.db.query<{ promotion_code: string; level: number }>(
    'select promotion_code, level from users where id = $1',
    [userId],
  );
  if (!user) throw new AppError('UNAUTHORIZED', `session user ${userId} no longer exists`);
  const todayStart = new Date(kolkataDayStartMs(kolkataDay(ctx.clock.now().getTime())));
  const yesterdayStart = new Date(todayStart.getTime() - DAY_MS);
  const [counts] = await ctx.db.query<TeamCounts>(
    `select (select count(*) from agent_team where ancestor_id = $1 and depth = 1)::integer as direct_count,
            (select count(*) from agent_team where ancestor_id = $1)::integer as team_count,
            (select count(*) from agent_team t join users u on u.id = t.descendant_id
             where t.ancestor_id = $1 and u.created_at >= $2)::integer as new_today`,
    [userId, todayStart],
  );
  const [bonuses] = await ctx.db.query<{ total_paise: bigint; count: number }>(
    `select coalesce(sum(amount_paise), 0)::bigint as total_paise, count(*)::integer as count
     from agent_invite_bonuses where inviter_id = $1`,
    [userId],
  );
  const commission = await findCreditTotals(ctx.db, userId, 'commission', yesterdayStart, todayStart);
  const programme = await findTodaysSettings(ctx);
  const invitePath = `/reg?code=${encodeURIComponent(user.promotion_code)}`;
  const inviteLink = `${ctx.config.payments.publicBaseUrl}${invitePath}`;
  return {
    promotionCode: user.promotion_code,
    invitePath,
    inviteLink,
    inviteQrSvg: await QRCode.toString(inviteLink, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    level: user.level,
    directCount: counts?.direct_count ?? 0,
    teamCount: counts?.team_count ?? 0,
    newToday: counts?.new_today ?? 0,
    inviteBonusTotal: formatMoney(bonuses?.total_paise ?? 0n),
    inviteBonusCount: bonuses?.count ?? 0,
    inviteBonusAmount: formatMoney(programme.inviteBonusPaise),
    inviteBonusThreshold: formatMoney(programme.inviteBonusThresholdPaise),
    commissionToday: formatMoney(commission.todayPaise),
    commissionYesterday: formatMoney(commission.yesterdayPaise),
    commissionTotal: formatMoney(commission.totalPaise),
  };
}
