import { ZORRO_SORTS } from '@zview/contracts';

/**
 * The finder's and grid's state, kept in the page URL (so back, links from a product card and
 * reloads keep it): text, facet selections, date and rate ranges, sort and page.
 */
export const LIST_KEYS = ['state', 'group', 'line', 'type', 'status', 'model', 'category'] as const;
export const TEXT_KEYS = [
  'q',
  'company',
  'submittedFrom',
  'submittedTo',
  'effectiveFrom',
  'effectiveTo',
  'rateMin',
  'rateMax',
] as const;
export type ListKey = (typeof LIST_KEYS)[number];
export type TextKey = (typeof TEXT_KEYS)[number];
export type Sort = (typeof ZORRO_SORTS)[number];

export type FinderState = Record<ListKey, string[]> &
  Partial<Record<TextKey, string>> & {
    /** Readings of the search box the person removed (chip ids): their words are searched as words. */
    ignore?: string[];
    sort: Sort;
    dir: 'asc' | 'desc';
    page: number;
    pageSize: number;
  };

export const FACET_LABELS: Record<ListKey, string> = {
  state: 'State',
  group: 'NAIC group',
  line: 'Line of business',
  type: 'Filing type',
  status: 'Status',
  model: 'Cited model',
  category: 'Model category',
};

export function readFinderState(params: URLSearchParams, defaults: Partial<FinderState> = {}): FinderState {
  const state = { sort: 'relevance', dir: 'desc', page: 1, pageSize: 25, ...defaults } as FinderState;
  for (const key of LIST_KEYS) state[key] = params.getAll(key).filter(Boolean);
  for (const key of TEXT_KEYS) {
    const value = params.get(key);
    if (value) state[key] = value;
  }
  const ignore = params.getAll('ignore').filter(Boolean);
  if (ignore.length) state.ignore = ignore;
  const sort = params.get('sort');
  if (sort && (ZORRO_SORTS as readonly string[]).includes(sort)) state.sort = sort as Sort;
  if (params.get('dir') === 'asc' || params.get('dir') === 'desc') state.dir = params.get('dir') as 'asc' | 'desc';
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page > 0) state.page = page;
  const size = Number(params.get('pageSize'));
  if (Number.isInteger(size) && size > 0 && size <= 1000) state.pageSize = size;
  return state;
}

/** The state as URL parameters; `extra` keeps other parameters (e.g. the open filing). */
export function writeFinderState(
  state: FinderState,
  extra: Record<string, string | undefined> = {},
  defaults: Partial<FinderState> = {},
): URLSearchParams {
  // What equals the page's default is left out (the grid's default page size is 50, the finder's 25).
  const base = { sort: 'relevance', dir: 'desc', pageSize: 25, ...defaults };
  const params = new URLSearchParams();
  for (const key of LIST_KEYS) for (const value of state[key]) params.append(key, value);
  for (const key of TEXT_KEYS) if (state[key]) params.set(key, state[key]!);
  for (const id of state.ignore ?? []) params.append('ignore', id);
  if (state.sort !== base.sort) params.set('sort', state.sort);
  if (state.dir !== base.dir) params.set('dir', state.dir);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== base.pageSize) params.set('pageSize', String(state.pageSize));
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params;
}

/** The state sorted by `key`: descending first, the other way when it already is; back to page 1. */
export function sortedBy(state: FinderState, key: Sort): FinderState {
  return { ...state, sort: key, dir: state.sort === key && state.dir === 'desc' ? 'asc' : 'desc', page: 1 };
}

/** PagedTableFooter's paging of the state (its page is zero-based, the state's from 1); a new page size starts at page 1. */
export function pagingOf(state: FinderState, go: (next: FinderState) => void) {
  return {
    page: state.page - 1,
    onPageChange: (page: number) => go({ ...state, page: page + 1 }),
    itemsPerPage: state.pageSize,
    onItemsPerPageChange: (size: number) => go({ ...state, pageSize: size, page: 1 }),
  };
}

/** The filters only (facets are counted for these). */
export function filterQuery(state: FinderState): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of LIST_KEYS) if (state[key].length) query[key] = state[key];
  for (const key of TEXT_KEYS) if (state[key]) query[key] = state[key]!;
  if (state.q && state.ignore?.length) query.ignore = state.ignore;
  return query;
}

export function toQuery(state: FinderState): Record<string, string | string[] | number> {
  return { ...filterQuery(state), sort: state.sort, dir: state.dir, page: state.page, pageSize: state.pageSize };
}

/** How many filters are applied (for the "clear" button). */
export function activeFilterCount(state: FinderState): number {
  return LIST_KEYS.reduce((n, key) => n + state[key].length, 0) + TEXT_KEYS.filter((key) => state[key]).length;
}

/** Whether a search box holds a question rather than keywords (the finder then offers the explorer). */
export function looksLikeQuestion(q: string | undefined): boolean {
  const text = (q ?? '').trim();
  return (
    text.endsWith('?') ||
    /^(how|what|which|who|why|when|where|did|does|do|is|are|was|were|list|show|compare)\b/i.test(text) ||
    text.split(/\s+/).length >= 7
  );
}

/** The finder's address for a set of filters (links from product cards and explorer citations). */
export function finderLink(
  filters: Partial<Record<ListKey, string[]>> & Partial<Record<TextKey, string>>,
  extra: Record<string, string | undefined> = {},
): string {
  const base = readFinderState(new URLSearchParams());
  const params = writeFinderState({ ...base, ...filters } as FinderState, extra);
  const text = params.toString();
  return `/zorro/filing-finder${text ? `?${text}` : ''}`;
}

/** A field the finder offers to narrow tied results by (ZorroNarrowing's facets). */
export type NarrowField = 'year' | 'line' | 'type' | 'status' | 'state' | 'company';

/** The state narrowed to one value of a field (a year is its submission dates); back to page 1. */
export function narrowedBy(state: FinderState, field: NarrowField, value: string): FinderState {
  if (field === 'year') return { ...state, submittedFrom: `${value}-01-01`, submittedTo: `${value}-12-31`, page: 1 };
  if (field === 'company') return { ...state, company: value, page: 1 };
  return { ...state, [field]: [value], page: 1 };
}
