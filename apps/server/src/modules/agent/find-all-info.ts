import { type TAgentDay, type TAgentFigures, type TFindAllInfoRequest, type TFindAllInfoResponse } from '@mayur/contracts';
import { agentRangeProblem, daysInRange } from '@mayur/rules/agent-periods';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { shiftDay, kolkataDay } from '@mayur/rules/kolkata-day';

type Scope = 'direct' | 'team';

type DayRow = {
  day: string;
  scope: Scope;
  active_members: number;
  registers: number;
  first_depositors: number;
  deposit_paise: bigint;
  deposit_count: number;
  withdraw_paise: bigint;
  withdraw_count: number;
  valid_bet_paise: bigint;
  bet_count: number;
  bet_paise: bigint;
  fee_paise: bigint;
};

type Totals = Omit<DayRow, 'day' | 'scope'>;

const ZERO: Totals = {
  active_members: 0,
  registers: 0,
  first_depositors: 0,
  deposit_paise: 0n,
  deposit_count: 0,
  withdraw_paise: 0n,
  withdraw_count: 0,
  valid_bet_paise: 0n,
  bet_count: 0,
  bet_paise: 0n,
  fee_paise: 0n,
};

function add(sum: Totals, row: Totals): Totals {
  return {
    active_members: sum.active_members + row.active_members,
    registers: sum.registers + row.registers,
    first_depositors: sum.first_depositors + row.first_depositors,
    deposit_paise: sum.deposit_paise + row.deposit_paise,
    deposit_count: sum.deposit_count + row.deposit_count,
    withdraw_paise: sum.withdraw_paise + row.withdraw_paise,
    withdraw_count: sum.withdraw_count + row.withdraw_count,
    valid_bet_paise: sum.valid_bet_paise + row.valid_bet_paise,
    bet_count: sum.bet_count + row.bet_count,
    bet_paise: sum.bet_paise + row.bet_paise,
    fee_paise: sum.fee_paise + row.fee_paise,
  };
}

function figures(totals: Totals, days: number, usersNumber: number, balancePaise: bigint): TAgentFigures {
  return {
    usersNumber,
    dailyActiveNumber: Math.floor(totals.active_members / days),
    registerNumber: totals.registers,
    rechargeAmount: formatMoney(totals.deposit_paise),
    rechargeNumber: totals.deposit_count,
    firstRechargeNumber: totals.first_depositors,
    withdrawalAmount: formatMoney(totals.withdraw_paise),
    withdrawalNumber: totals.withdraw_count,
    changeDelivery: formatMoney(totals.valid_bet_paise),
    deliveriesNumber: totals.bet_count,
    teamBalance: formatMoney(balancePaise),
    teamBetAmount: formatMoney(totals.bet_paise),
    teamRefundFee: formatMoney(totals.fee_paise),
  };
}

/**
 * `/starAgent/findAllInfo`: the session player's own team statistics for a period of Kolkata days
 * (decision 0014). Everything is read from the per-day rollups the clock leader keeps (at most two
 * rows a day, found by the primary key), the balances from their snapshot, and the member counts from
 * the team's closure table (one indexed count), so the answer costs the same for any team size.
 * Only rows of the session's player are ever read.
 */
export async function findAllInfo(ctx: AppContext, userId: number, input: TFindAllInfoRequest): Promise<TFindAllInfoResponse> {
  const today = kolkataDay(ctx.clock.now().getTime());
  if (agentRangeProblem(input, today))
    throw new AppError('DATE_RANGE_INVALID', `the period ${input.from}..${input.to} is not one to answer on ${today}`);
  const rows = await ctx.db.query<DayRow>(
    `select to_char(day, 'YYYY-MM-DD') as day, scope, active_members, registers, first_depositors,
            deposit_paise, deposit_count, withdraw_paise, withdraw_count,
            valid_bet_paise, bet_count, bet_paise, fee_paise
     from agent_team_days
     where agent_id = $1 and scope in ('direct', 'team') and day between $2::date and $3::date`,
    [userId, input.from, input.to],
  );
  const [team] = await ctx.db.query<{
    direct_members: number;
    team_members: number;
    direct_balance_paise: bigint | null;
    team_balance_paise: bigint | null;
    refreshed_at: Date | null;
  }>(
    `select (select count(*) from agent_team where ancestor_id = $1 and depth = 1)::integer as direct_members,
            (select count(*) from agent_team where ancestor_id = $1)::integer as team_members,
            b.direct_balance_paise, b.team_balance_paise,
            (select max(refreshed_at) from agent_stats_days where day between $2::date and $3::date) as refreshed_at
     from (select 1) as one
     left join agent_team_balances b on b.agent_id = $1`,
    [userId, input.from, input.to],
  );
  const totals: Record<Scope, Totals> = { direct: ZERO, team: ZERO };
  const teamDays = new Map<string, DayRow>();
  for (const row of rows) {
    totals[row.scope] = add(totals[row.scope], row);
    if (row.scope === 'team') teamDays.set(row.day, row);
  }
  const dayCount = daysInRange(input.from, input.to);
  const days: TAgentDay[] = Array.from({ length: dayCount }, (_, index) => {
    const day = shiftDay(input.from, index);
    const row = teamDays.get(day);
    return { day, rechargeAmount: formatMoney(row?.deposit_paise ?? 0n), teamBetAmount: formatMoney(row?.bet_paise ?? 0n) };
  });
  return {
    from: input.from,
    to: input.to,
    direct: figures(totals.direct, dayCount, team?.direct_members ?? 0, team?.direct_balance_paise ?? 0n),
    team: figures(totals.team, dayCount, team?.team_members ?? 0, team?.team_balance_paise ?? 0n),
    days,
    refreshedAt: team?.refreshed_at ? new Date(team.refreshed_at).toISOString() : null,
    refreshIntervalSeconds: ctx.config.agent.statsRefreshSeconds,
  };
}
