// Seeds one agent's team for `npm run bench -- agent`, set-based: users, the team's closure rows, and
import { DAY_MS } from '@mayur/rules/kolkata-day';
// 30 days of deposits, bets and withdrawals written into the payments tables and the wallet's ledger
// tables directly. The bench writes the ledger itself, not through the wallet's posting functions,
// because those date every transfer `now()` and the bench needs a month of history; it keeps every
// invariant `ledger:check` proves instead (two balanced entries per transfer, running balances in
// transfer order, each account's balance the sum of its entries, no player account below zero), and
// the bench proves them with the wallet's own check before it measures the endpoints.
import { AGENT_TEAM_MAX_DEPTH } from '@mayur/rules/agent-periods';
import { HOUSE_SHARD_COUNT, shardedHouseAccountId } from '../../apps/server/src/modules/wallet/accounts.ts';
import type { Db, Queryable } from '../../apps/server/src/platform/db/db.ts';

export type TeamShape = {
  /** Team members under the top agent, depths 1–6. */
  members: number;
  /** Depth-1 subordinates of the top agent. */
  directs: number;
  /** Children per member at depths 1–4 (depth 2 … depth 5); depth 6 takes whatever is left. */
  fanOut: readonly number[];
};

export type SeedPlan = {
  shape: TeamShape;
  /** The Kolkata days of activity, oldest first, `YYYY-MM-DD`; the last one is the day paid. */
  days: readonly string[];
  /** The instant each of `days` begins. */
  dayStartsMs: readonly number[];
  /** Share of members who bet on a day other than the paid one, in percent. */
  activePercent: number;
  topAgent: { mobile: string; passwordHash: string };
};

export type SeedResult = {
  topAgentId: number;
  levelSizes: number[];
  closureRows: number;
  betTransfers: number;
  deposits: number;
  withdrawals: number;
  ledgerTransfers: number;
};

/** Members per depth 1…6: the directs, then each level fanning out, the last level holding the rest. */
export function levelSizes(shape: TeamShape): number[] {
  const sizes = [shape.directs];
  for (const children of shape.fanOut) sizes.push(sizes.at(-1)! * children);
  const placed = sizes.reduce((sum, size) => sum + size, 0);
  if (sizes.length !== AGENT_TEAM_MAX_DEPTH - 1 || placed >= shape.members)
    throw new Error(`team shape ${JSON.stringify(shape)} does not leave members for depth ${AGENT_TEAM_MAX_DEPTH}`);
  sizes.push(shape.members - placed);
  return sizes;
}

/**
 * A pseudo-random integer in [0, 1000) from integer SQL expressions, the same on every run and on
 * PostgreSQL and PGlite alike (no extension, no `random()`), so two runs seed the same month.
 */
function mix(...terms: string[]): string {
  const weights = [2654435761, 40503, 69069, 1103515245];
  return `(abs((${terms.map((term, i) => `(${term})::bigint * ${weights[i]}`).join(' + ')}) % 1000003) % 1000)`;
}

async function seedUsers(tx: Queryable, plan: SeedPlan, sizes: number[]): Promise<number> {
  const firstDayMs = plan.dayStartsMs[0]!;
  const [top] = await tx.query<{ id: number }>(
    `insert into users (mobile, password_hash, nick_name, promotion_code, level, age_confirmed_at, risk_accepted_at, created_at)
     values ($1, $2, 'Top agent', 'TOPAGENT', 2, $3, $3, $3) returning id`,
    [plan.topAgent.mobile, plan.topAgent.passwordHash, new Date(firstDayMs - 200 * DAY_MS)],
  );
  const topAgentId = top!.id;
  const offsets = sizes.map((_, depth) => sizes.slice(0, depth).reduce((sum, size) => sum + size, 0));
  // Member `rank` (1…N, by depth) gets id topAgentId + rank, so every inviter's id is below the
  // invitee's as registration makes it; members registered evenly over the 120 days that end two days
  // before the paid day, in id order, so everyone is a member on the paid day and a quarter joined in the month.
  const registrationEndMs = plan.dayStartsMs.at(-1)! - 2 * DAY_MS;
  const registrationStartMs = registrationEndMs - 120 * DAY_MS;
  await tx.query(
    `with levels (depth, size, level_offset, parent_size, parent_offset) as (
       select * from unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
     ), ranks as (
       select l.depth, l.level_offset + i + 1 as rank,
              case when l.depth = 1 then null else l.parent_offset + (i::bigint * l.parent_size / l.size) + 1 end as parent_rank
       from levels l, generate_series(0, l.size - 1) i
     )
     insert into users (id, mobile, password_hash, nick_name, promotion_code, inviter_id, level, age_confirmed_at, risk_accepted_at, created_at)
     overriding system value
     select $1 + rank, '9' || lpad(($1 + rank)::text, 9, '0'), 'x', 'Member ' || rank, 'M' || rank,
            $1 + coalesce(parent_rank, 0), case when depth = 1 then 1 else 0 end, at, at, at
     from ranks, lateral (select to_timestamp(($7::bigint + (rank * ($8::bigint - $7::bigint)) / $9) / 1000.0) as at) t
     order by rank`,
    [
      topAgentId,
      sizes.map((_, depth) => depth + 1),
      sizes,
      offsets,
      sizes.map((_, depth) => (depth === 0 ? 0 : sizes[depth - 1]!)),
      offsets.map((_, depth) => (depth === 0 ? 0 : offsets[depth - 1]!)),
      registrationStartMs,
      registrationEndMs,
      plan.shape.members,
    ],
  );
  await tx.query("select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))");
  return topAgentId;
}

/** The closure table as registration would have written it, in one recursive statement (as migration 0012 backfills it). */
async function seedTeam(tx: Queryable): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `with recursive chain (ancestor_id, descendant_id, depth) as (
       select inviter_id, id, 1 from users where inviter_id is not null
       union all
       select u.inviter_id, c.descendant_id, c.depth + 1
       from chain c join users u on u.id = c.ancestor_id
       where u.inviter_id is not null and c.depth < ${AGENT_TEAM_MAX_DEPTH}
     ), inserted as (
       insert into agent_team (ancestor_id, descendant_id, depth, descendant_registered_at)
       select c.ancestor_id, c.descendant_id, c.depth::smallint, u.created_at
       from chain c join users u on u.id = c.descendant_id
       returning 1
     )
     select count(*)::integer as n from inserted`,
  );
  return row!.n;
}

/**
 * The month's money as staged transfers (`seed_transfers`) and the payments rows behind them:
 * every member bets on the paid day and `activePercent` of them on each other day after they
 * registered (1–3 Win Go bets of ₹10–₹100, 2 % fee); 4 % of member-days bring an extra deposit and
 * 1 % a paid withdrawal; each member's first deposit, made just after registering, covers all their
 * bets and withdrawals, so no cash balance is ever below zero.
 */
async function stageMoney(tx: Queryable, plan: SeedPlan, topAgentId: number): Promise<void> {
  await tx.query(
    `create temporary table seed_days on commit drop as
     select u.id as user_id, d.index as day_index, d.start_at
     from users u
     cross join unnest($1::timestamptz[]) with ordinality as d (start_at, index)
     where u.id > $2 and u.created_at < d.start_at
       and (d.index = $3 or ${mix('u.id', 'd.index')} < $4 * 10)`,
    [plan.dayStartsMs.map((ms) => new Date(ms)), topAgentId, plan.days.length, plan.activePercent],
  );
  await tx.query(
    `create temporary table seed_bets on commit drop as
     select row_number() over () as n, *
     from (select s.user_id,
            s.start_at + interval '8 hours' + (n * 37 + ${mix('s.user_id', 's.day_index', '7')} % 30) * interval '1 minute' as at,
            stake_paise, (stake_paise * 2 + 99) / 100 as fee_paise
     from seed_days s,
          generate_series(1, 1 + ${mix('s.user_id', 's.day_index', '1')} % 3) n,
          lateral (select 1000::bigint * (1 + ${mix('s.user_id', 's.day_index', 'n')} % 10) as stake_paise) stake) bets`,
  );
  await tx.query(
    `create temporary table seed_deposits on commit drop as
     select user_id, at, amount_paise, row_number() over (order by at, user_id) as n from (
       select s.user_id, s.start_at + interval '7 hours' as at, 10000::bigint * (1 + ${mix('s.user_id', 's.day_index', '3')} % 20) as amount_paise
       from seed_days s where ${mix('s.user_id', 's.day_index', '2')} < 40
     ) extra`,
  );
  await tx.query(
    `create temporary table seed_withdrawals on commit drop as
     select s.user_id, s.start_at + interval '20 hours' as at, 20000::bigint * (1 + ${mix('s.user_id', 's.day_index', '5')} % 5) as amount_paise,
            row_number() over (order by s.start_at, s.user_id) as n
     from seed_days s where ${mix('s.user_id', 's.day_index', '4')} < 10`,
  );
  // The first deposit: at least ₹500, rounded up to ₹100, enough for everything the member spends.
  await tx.query(
    `insert into seed_deposits (user_id, at, amount_paise, n)
     select u.id, u.created_at + interval '5 minutes',
            greatest(50000, ((coalesce(b.spent, 0) + coalesce(w.spent, 0) + 9999) / 10000) * 10000),
            (select count(*) from seed_deposits) + row_number() over (order by u.id)
     from users u
     left join (select user_id, sum(stake_paise)::bigint as spent from seed_bets group by user_id) b on b.user_id = u.id
     left join (select user_id, sum(amount_paise)::bigint as spent from seed_withdrawals group by user_id) w on w.user_id = u.id
     where u.id > $1`,
    [topAgentId],
  );
  await tx.query(
    `insert into deposit_orders (order_no, user_id, method, provider, amount_paise, status, created_at, completed_at)
     select 'BENCHR' || lpad(n::text, 12, '0'), user_id, 'upi', 'sandbox', amount_paise, 'completed', at - interval '2 minutes', at
     from seed_deposits`,
  );
  await tx.query(
    `insert into payout_accounts (user_id, kind, upi_account, created_at)
     select distinct user_id, 'upi', 'bench' || user_id || '@upi', now() - interval '200 days' from seed_withdrawals`,
  );
  await tx.query(
    `insert into withdrawals (withdraw_no, user_id, payout_account_id, account_kind, destination, provider, amount_paise, status,
                              decided_by, decided_at, created_at, completed_at)
     select 'BENCHW' || lpad(w.n::text, 12, '0'), w.user_id, p.id, 'upi', jsonb_build_object('upiAccount', p.upi_account), 'sandbox',
            w.amount_paise, 'paid', 'bench', w.at + interval '30 minutes', w.at, w.at + interval '1 hour'
     from seed_withdrawals w join payout_accounts p on p.user_id = w.user_id`,
  );
}

type Timed = <T>(name: string, work: () => Promise<T>) => Promise<T>;

/** Writes the staged money as ledger transfers and entries with running balances, then the accounts' balances. */
async function postStagedMoney(tx: Queryable, timed: Timed): Promise<number> {
  // The ledger's foreign keys are not checked row by row here (a bulk load's usual shortcut, for
  // superusers only; it also silences triggers, and the ledger's fire on update and delete only):
  // every account id comes from a join with ledger_accounts, and the bench proves the ledger after.
  const [role] = await tx.query<{ is_superuser: boolean }>(
    'select rolsuper as is_superuser from pg_roles where rolname = current_user',
  );
  if (role?.is_superuser) await tx.query("set local session_replication_role = 'replica'");
  const shard = (userIdSql: string) => `(abs(${userIdSql}) % ${HOUSE_SHARD_COUNT})::text`;
  await timed('ledger staging', () =>
    tx.query(
      `create temporary table seed_transfers on commit drop as
     with cash as (select user_id, id from ledger_accounts where kind = 'cash'),
          house as (select purpose, id from ledger_accounts where kind = 'house')
     select 'deposit:BENCHR' || lpad(d.n::text, 12, '0') as idempotency_key, clearing.id as debit_account_id, c.id as credit_account_id,
            d.amount_paise, 'deposit' as reason, 'BENCHR' || lpad(d.n::text, 12, '0') as reference, d.at as created_at
     from seed_deposits d join cash c on c.user_id = d.user_id
     join house clearing on clearing.purpose = 'clearing:sandbox#' || ${shard('d.user_id')}
     union all
     select 'bet:' || b.n, c.id, room.id, b.stake_paise - b.fee_paise, 'bet', 'bet:' || b.n, b.at
     from seed_bets b join cash c on c.user_id = b.user_id
     join house room on room.purpose = 'room:wingo-1#' || ${shard('b.user_id')}
     union all
     select 'fee:' || b.n, c.id, fees.id, b.fee_paise, 'fee', 'bet:' || b.n, b.at
     from seed_bets b join cash c on c.user_id = b.user_id
     join house fees on fees.purpose = 'fees'
     union all
     select 'withdrawal-hold:BENCHW' || lpad(w.n::text, 12, '0'), c.id, holds.id, w.amount_paise, 'withdrawal_hold',
            'BENCHW' || lpad(w.n::text, 12, '0'), w.at
     from seed_withdrawals w join cash c on c.user_id = w.user_id
     join house holds on holds.purpose = 'withdrawal-holds#' || ${shard('w.user_id')}
     union all
     select 'withdrawal-paid:BENCHW' || lpad(w.n::text, 12, '0'), holds.id, clearing.id, w.amount_paise, 'withdrawal_paid',
            'BENCHW' || lpad(w.n::text, 12, '0'), w.at + interval '1 hour'
     from seed_withdrawals w
     join house holds on holds.purpose = 'withdrawal-holds#' || ${shard('w.user_id')}
     join house clearing on clearing.purpose = 'clearing:sandbox#' || ${shard('w.user_id')}`,
    ),
  );
  const [inserted] = await timed('ledger transfers', () =>
    tx.query<{ n: number }>(
      `with posted as (
       insert into ledger_transfers (idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference, created_at)
       select idempotency_key, debit_account_id, credit_account_id, amount_paise, reason, reference, created_at
       from seed_transfers order by created_at, idempotency_key
       returning 1
     ) select count(*)::integer as n from posted`,
    ),
  );
  // The database is new, so every account starts at zero and the running sum is the balance after.
  await timed('ledger entries', () =>
    tx.query(
      `insert into ledger_entries (transfer_id, account_id, amount_paise, balance_after_paise, created_at)
     select transfer_id, account_id, amount_paise,
            sum(amount_paise) over (partition by account_id order by transfer_id), created_at
     from (
       select id as transfer_id, debit_account_id as account_id, -amount_paise as amount_paise, created_at from ledger_transfers
       union all
       select id, credit_account_id, amount_paise, created_at from ledger_transfers
     ) moves`,
    ),
  );
  await timed('ledger balances', () =>
    tx.query(
      `update ledger_accounts a set balance_paise = e.total
     from (select account_id, sum(amount_paise)::bigint as total from ledger_entries group by account_id) e
     where e.account_id = a.id`,
    ),
  );
  await tx.query("set local session_replication_role = 'origin'");
  return inserted!.n;
}

/** Seeds the whole team and month into a migrated, empty database; `phases` collects each step's seconds. */
export async function seedAgentTeam(db: Db, plan: SeedPlan, phases: Map<string, number> = new Map()): Promise<SeedResult> {
  const sizes = levelSizes(plan.shape);
  const timed: Timed = async (name, work) => {
    const startedMs = performance.now();
    const result = await work();
    phases.set(name, (performance.now() - startedMs) / 1000);
    return result;
  };
  for (const purpose of ['room:wingo-1', 'clearing:sandbox', 'withdrawal-holds'] as const)
    for (let shard = 0; shard < HOUSE_SHARD_COUNT; shard++) await shardedHouseAccountId(db, purpose, shard);
  const result = await db.transaction(async (tx) => {
    await tx.query("set local work_mem = '256MB'");
    const topAgentId = await timed('users', () => seedUsers(tx, plan, sizes));
    const closureRows = await timed('team', () => seedTeam(tx));
    await timed('accounts', () =>
      tx.query("insert into ledger_accounts (kind, user_id) select kind, id from users, (values ('cash'), ('bonus')) k (kind)"),
    );
    await timed('payments', () => stageMoney(tx, plan, topAgentId));
    const ledgerTransfers = await postStagedMoney(tx, timed);
    const counts = await tx.query<{ bets: number; deposits: number; withdrawals: number }>(
      `select (select count(*) from seed_bets)::integer as bets, (select count(*) from seed_deposits)::integer as deposits,
              (select count(*) from seed_withdrawals)::integer as withdrawals`,
    );
    return { topAgentId, closureRows, ledgerTransfers, ...counts[0]! };
  });
  // Vacuumed now, so that autovacuum does not wake during the measurements and index-only scans work.
  await timed('vacuum', () => db.exec('vacuum analyze'));
  return {
    topAgentId: result.topAgentId,
    levelSizes: sizes,
    closureRows: result.closureRows,
    betTransfers: result.bets,
    deposits: result.deposits,
    withdrawals: result.withdrawals,
    ledgerTransfers: result.ledgerTransfers,
  };
}
