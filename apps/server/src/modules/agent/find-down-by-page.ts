import { type TFindDownByPageRequest, type TFindDownByPageResponse } from '@mayur/contracts';
import { kolkataDayStartMs, shiftDay } from '@mayur/rules/kolkata-day';
import { formatMoney } from '@mayur/rules/money';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { maskAccount } from './mask-account.ts';

/** Member IDs are PostgreSQL `integer`s: a bigger number names nobody, and must not reach the database. */
const MAX_MEMBER_ID = 2_147_483_647;
/** The cursor is the last member ID of a page, behind a version tag so its form can change later. */
const CURSOR_PATTERN = /^v1\.([1-9][0-9]{0,9})$/;

type MemberRow = {
  id: number;
  depth: number;
  mobile: string | null;
  email: string | null;
  created_at: Date;
  total_people: number;
  contribution_paise: bigint;
};

/** The SQL conditions of the request's filters on `agent_team t`, with their parameters. */
type Filters = { where: string[]; params: unknown[] };

/**
 * The session player's own subordinates (`/starAgent/findDownByPage`, spec §7), newest registration
 * first. Members are ordered by descending ID, which follows registration order, so the cursor (the
 * last ID of a page) is stable: members who register while someone pages are above every cursor and
 * never push a member onto a second page. Without a cursor `pageNum` pages by offset. Only
 * `agent_team` rows whose ancestor is the session player are read, so a member ID outside the team
 * gets exactly the answer of an ID that never existed.
 */
export async function findDownByPage(
  ctx: AppContext,
  userId: number,
  input: TFindDownByPageRequest,
): Promise<TFindDownByPageResponse> {
  const afterId = input.cursor === undefined ? undefined : parseCursor(input.cursor);
  const empty: TFindDownByPageResponse = {
    list: [],
    total: 0,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    nextCursor: null,
  };
  if (input.search !== undefined && (input.search < 1 || input.search > MAX_MEMBER_ID)) return empty;
  const filters = toFilters(userId, input);
  const matches = await findMatches(ctx, filters);
  if (matches.total === 0) return empty;
  const rows = await findPage(ctx, filters, matches, input, afterId);
  const page = rows.slice(0, input.pageSize);
  return {
    list: page.map((row) => ({
      userId: row.id,
      account: maskAccount(row),
      depth: row.depth,
      registeredAt: row.created_at.toISOString(),
      totalPeople: row.total_people,
      contribution: formatMoney(row.contribution_paise),
    })),
    total: matches.total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    nextCursor: rows.length > input.pageSize ? formatCursor(page.at(-1)!.id) : null,
  };
}

function formatCursor(memberId: number): string {
  return `v1.${memberId}`;
}

function parseCursor(cursor: string): number {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match || Number(match[1]) > MAX_MEMBER_ID) {
    throw new AppError('INVALID_FIELD', `bad cursor ${JSON.stringify(cursor)}`, { field: 'cursor' });
  }
  return Number(match[1]);
}

function toFilters(userId: number, input: TFindDownByPageRequest): Filters {
  // $1 is always the session player: the page query reads their commission lines by it too.
  const filters: Filters = { where: ['t.ancestor_id = $1'], params: [userId] };
  const add = (condition: string, value: unknown) => {
    filters.params.push(value);
    filters.where.push(condition.replace('?', `$${filters.params.length}`));
  };
  if (input.depth !== undefined) add('t.depth = ?', input.depth);
  if (input.search !== undefined) add('t.descendant_id = ?', input.search);
  if (input.from !== undefined && input.to !== undefined) {
    // Registration days are Asia/Kolkata calendar days, both ends included. The closure row carries
    // the member's registration time (migration 0015), so no user row is read to filter.
    add('t.descendant_registered_at >= ?', new Date(kolkataDayStartMs(input.from)));
    add('t.descendant_registered_at < ?', new Date(kolkataDayStartMs(shiftDay(input.to, 1))));
  }
  return filters;
}

/** How many members match the filters, and the lowest and highest of their IDs. */
type Matches = { total: number; lowestId: number; highestId: number };

/**
 * One index-only scan of the closure table gives the total and the matches' ID bounds. The page then
 * reads only between the bounds: for a period long ago, newest first would otherwise step over every
 * member who registered after it before finding the first match.
 */
async function findMatches(ctx: AppContext, filters: Filters): Promise<Matches> {
  const [matches] = await ctx.db.query<{ total: number; lowest_id: number | null; highest_id: number | null }>(
    `select count(*)::integer as total, min(t.descendant_id) as lowest_id, max(t.descendant_id) as highest_id
     from agent_team t where ${filters.where.join(' and ')}`,
    filters.params,
  );
  return { total: matches?.total ?? 0, lowestId: matches?.lowest_id ?? 0, highestId: matches?.highest_id ?? 0 };
}

/**
 * One page plus one row (which says whether there is a next page). The page's IDs are chosen on the
 * closure table's indexes alone (so a deep offset steps over index entries, not table rows); only
 * those rows then read their depth, their user, their own team size (an index-only count
 * of their own closure rows) and their contribution (index `agent_commission_members_by_member_idx`).
 */
async function findPage(
  ctx: AppContext,
  filters: Filters,
  matches: Matches,
  input: TFindDownByPageRequest,
  afterId: number | undefined,
): Promise<MemberRow[]> {
  const params = [...filters.params, matches.lowestId, matches.highestId];
  const where = [...filters.where, `t.descendant_id between $${params.length - 1} and $${params.length}`];
  if (afterId !== undefined) {
    params.push(afterId);
    where.push(`t.descendant_id < $${params.length}`);
  }
  params.push(input.pageSize + 1, afterId === undefined ? (input.pageNum - 1) * input.pageSize : 0);
  return ctx.db.query<MemberRow>(
    `with page as (
       select t.descendant_id as id from agent_team t
       where ${where.join(' and ')}
       order by t.descendant_id desc
       limit $${params.length - 1} offset $${params.length}
     )
     select p.id, m.depth::integer as depth, u.mobile, u.email, u.created_at,
            (select count(*) from agent_team s where s.ancestor_id = p.id)::integer as total_people,
            (select coalesce(sum(c.amount_paise), 0) from agent_commission_members c
             where c.agent_id = $1 and c.member_id = p.id)::bigint as contribution_paise
     from page p
     join agent_team m on m.ancestor_id = $1 and m.descendant_id = p.id
     join users u on u.id = p.id
     order by p.id desc`,
    params,
  );
}
