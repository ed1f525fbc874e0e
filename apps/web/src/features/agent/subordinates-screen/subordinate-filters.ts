import { AGENT_TEAM_MAX_DEPTH, isRegistrationRangeValid } from '@mayur/rules/agent-periods';

/** The subordinates list's filters as the address carries them (`?depth=2&search=123&from=…&to=…`). */
export type SubordinateFilters = {
  depth: number | null;
  /** A member ID, digits only; '' for none. */
  search: string;
  from: string;
  to: string;
};

export const NO_FILTERS: SubordinateFilters = { depth: null, search: '', from: '', to: '' };

const SEARCH_MAX_DIGITS = 12;

/** Keeps only the digits a member ID can have, as the player types. */
export function memberIdDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, SEARCH_MAX_DIGITS);
}

/** Reads the filters from the address; anything malformed is dropped rather than sent. */
export function filtersOf(params: URLSearchParams): SubordinateFilters {
  const depthNumber = Number(params.get('depth'));
  const depth = Number.isInteger(depthNumber) && depthNumber >= 1 && depthNumber <= AGENT_TEAM_MAX_DEPTH ? depthNumber : null;
  const search = memberIdDigits(params.get('search') ?? '');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const hasDays = from !== '' && isRegistrationRangeValid(from, to);
  return { depth, search, from: hasDays ? from : '', to: hasDays ? to : '' };
}

export function filtersToParams(filters: SubordinateFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.depth !== null) params.depth = String(filters.depth);
  if (filters.search) params.search = filters.search;
  if (filters.from && filters.to) {
    params.from = filters.from;
    params.to = filters.to;
  }
  return params;
}

export function hasFilters(filters: SubordinateFilters): boolean {
  return filters.depth !== null || filters.search !== '' || filters.from !== '';
}

/** The request body of one page: only the filters in use, and the cursor of the page before. */
export function subordinatesRequest(filters: SubordinateFilters, cursor: string | null, pageSize: number) {
  return {
    pageNum: 1,
    pageSize,
    ...(filters.depth !== null ? { depth: filters.depth } : {}),
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.from && filters.to ? { from: filters.from, to: filters.to } : {}),
    ...(cursor ? { cursor } : {}),
  };
}
