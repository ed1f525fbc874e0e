import { formatMoney } from '@mayur/rules/money';
import { DAY_MS } from '@mayur/rules/kolkata-day';
import {
  RISK_FLAG_LIMIT,
  UNUSUAL_NET_WIN_RUPEES,
  UNUSUAL_RETURN_MIN_STAKES_RUPEES,
  UNUSUAL_RETURN_PERCENT,
  UNUSUAL_SINGLE_WIN_MIN_RUPEES,
  UNUSUAL_SINGLE_WIN_MULTIPLE,
  type TInviteChain,
  type TRiskGroup,
  type TUnusualWin,
} from '@mayur/contracts/admin';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { findUnusualGameSums, type UnusualWinRules } from '../wallet/ledger-reports.ts';
import type { BackOfficeContext } from './back-office-context.ts';
import { registerAdminEndpoint } from './register-admin-endpoint.ts';

// Risk flags, read-only: players who share an address or a device (the same address with the same
// browser) in sessions opened in the period, players whose payout accounts name the same destination
// (whenever added, removed ones included), and inviters paid invite bonuses for several accounts that
// registered in the period (with those invitees who signed in from an address the inviter used), and
// players with unusual wins in the period (their game sums read through the wallet's own read; the
// rules and their thresholds are the contract's UNUSUAL_* constants, shown on the screen).
// Each flag lists player ids the console links to their pages. A flag is a reason to look, not a verdict.

/** An inviter is listed from this many bonuses for new accounts in the period. */
export const INVITE_CHAIN_MIN = 3;

type Group = { shared: string; player_ids: number[] };

async function sharedSessions(db: Queryable, key: string, since: Date): Promise<Group[]> {
  return db.query<Group>(
    `select ${key} as shared, array_agg(distinct user_id order by user_id) as player_ids
     from sessions where created_at >= $1 and ip is not null
     group by ${key} having count(distinct user_id) > 1
     order by count(distinct user_id) desc, 1 limit $2`,
    [since, RISK_FLAG_LIMIT],
  );
}

/** The destination as operators read it in flags: its kind and its last four characters. */
function maskedDestination(key: string): string {
  const [kind, ...rest] = key.split(' ');
  const value = rest.join(' ').trim();
  return `${kind} …${value.slice(-4)}`;
}

async function sharedPayoutAccounts(db: Queryable): Promise<TRiskGroup[]> {
  const rows = await db.query<Group>(
    `select shared, array_agg(distinct user_id order by user_id) as player_ids from (
       select user_id, case kind
         when 'bank' then 'bank ' || upper(coalesce(ifsc_code, '')) || ' ' || coalesce(bank_account, '')
         when 'upi' then 'upi ' || lower(coalesce(upi_account, ''))
         else 'usdt ' || coalesce(usdt_address, '') end as shared
       from payout_accounts) destinations
     group by shared having count(distinct user_id) > 1
     order by count(distinct user_id) desc, shared limit $1`,
    [RISK_FLAG_LIMIT],
  );
  return rows.map((row) => ({ shared: maskedDestination(row.shared), playerIds: row.player_ids }));
}

async function inviteChains(db: Queryable, since: Date): Promise<TInviteChain[]> {
  const chains = await db.query<{ inviter_id: number; invitee_ids: number[]; total: bigint }>(
    `select b.inviter_id, array_agg(b.invitee_id order by b.invitee_id) as invitee_ids, sum(b.amount_paise)::bigint as total
     from agent_invite_bonuses b join users u on u.id = b.invitee_id
     where b.paid_at >= $1 and u.created_at >= $1
     group by b.inviter_id having count(*) >= $2
     order by count(*) desc, b.inviter_id limit $3`,
    [since, INVITE_CHAIN_MIN, RISK_FLAG_LIMIT],
  );
  const result: TInviteChain[] = [];
  for (const chain of chains) {
    const sharing = await db.query<{ user_id: number }>(
      `select distinct s.user_id from sessions s
       where s.user_id = any($1) and s.ip in (select ip from sessions where user_id = $2 and ip is not null)
       order by s.user_id`,
      [chain.invitee_ids, chain.inviter_id],
    );
    result.push({
      inviterId: chain.inviter_id,
      inviteeIds: chain.invitee_ids,
      sharingAddressIds: sharing.map((row) => row.user_id),
      bonusTotal: formatMoney(chain.total),
    });
  }
  return result;
}

const UNUSUAL_WIN_RULES: UnusualWinRules = {
  netWinPaise: BigInt(UNUSUAL_NET_WIN_RUPEES) * 100n,
  returnBp: BigInt(UNUSUAL_RETURN_PERCENT) * 100n,
  returnMinStakesPaise: BigInt(UNUSUAL_RETURN_MIN_STAKES_RUPEES) * 100n,
  singleWinMultiple: BigInt(UNUSUAL_SINGLE_WIN_MULTIPLE),
  singleWinMinPaise: BigInt(UNUSUAL_SINGLE_WIN_MIN_RUPEES) * 100n,
};

/** `numerator / denominator` as a decimal with two places, rounded down (exact: integers only). */
function ratioText(numerator: bigint, denominator: bigint): string {
  const hundredths = (numerator * 100n) / denominator;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
}

/** Players whose wins in the period were unusual, with the figures and the rules each one met. */
async function unusualWins(db: Queryable, since: Date): Promise<TUnusualWin[]> {
  const rules = UNUSUAL_WIN_RULES;
  const rows = await findUnusualGameSums(db, since, rules, RISK_FLAG_LIMIT);
  return rows.map((row) => {
    const netWin = row.winsPaise - row.stakesPaise;
    const reasons: TUnusualWin['reasons'] = [];
    if (netWin >= rules.netWinPaise) reasons.push('netWin');
    if (row.stakesPaise >= rules.returnMinStakesPaise && row.winsPaise * 10000n >= row.stakesPaise * rules.returnBp)
      reasons.push('highReturn');
    if (
      row.bets > 0 &&
      row.largestWinPaise >= rules.singleWinMinPaise &&
      row.largestWinPaise * BigInt(row.bets) >= row.stakesPaise * rules.singleWinMultiple
    )
      reasons.push('bigSingleWin');
    return {
      playerId: row.userId,
      stakes: formatMoney(row.stakesPaise),
      wins: formatMoney(row.winsPaise),
      netWin: formatMoney(netWin),
      returnPercent: row.stakesPaise > 0n ? ratioText(row.winsPaise * 100n, row.stakesPaise) : null,
      bets: row.bets,
      largestWin: formatMoney(row.largestWinPaise),
      averageStake: formatMoney(row.bets > 0 ? row.stakesPaise / BigInt(row.bets) : 0n),
      reasons,
    };
  });
}

export async function findRiskFlags(db: Queryable, days: number, now: Date) {
  const since = new Date(now.getTime() - days * DAY_MS);
  const asGroups = (rows: Group[]): TRiskGroup[] => rows.map((row) => ({ shared: row.shared, playerIds: row.player_ids }));
  return {
    days,
    sharedAddresses: asGroups(await sharedSessions(db, 'ip', since)),
    sharedDevices: asGroups(await sharedSessions(db, "ip || ' · ' || left(coalesce(user_agent, ''), 120)", since)),
    sharedPayoutAccounts: await sharedPayoutAccounts(db),
    inviteChains: await inviteChains(db, since),
    unusualWins: await unusualWins(db, since),
  };
}

export function registerRiskRoutes(scope: FastifyInstance, bo: BackOfficeContext) {
  registerAdminEndpoint(scope, bo, '/risk/flags', ({ input }) => findRiskFlags(bo.app.db, input.days, bo.app.clock.now()));
}
