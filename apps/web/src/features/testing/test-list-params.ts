import { DEFAULT_PAGE_SIZE, TEST_RESULT_STATUSES, TEST_SORTS, WORK_ITEM_STATUSES, type WorkItemStatus } from '@aegis/contracts';
import type { ResultState } from './testing-labels';

export type TestSort = (typeof TEST_SORTS)[number];

/** The tests list as its URL states it, so that a filtered view can be shared. */
export type TestListParams = {
  name: string;
  resultStatus: ResultState[];
  status: WorkItemStatus[];
  page: number;
  size: number;
  /** None: the server's order, by reference. */
  sortBy?: TestSort;
  descending: boolean;
};

const RESULT_STATES: readonly ResultState[] = [...TEST_RESULT_STATUSES, 'never_run'];
const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];

const list = (value: string | null) => [...new Set((value ?? '').split(',').map((item) => item.trim()).filter(Boolean))];
const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/** The list's parameters from a query string; what the list cannot use (an unknown status, page -1) is left out rather than sent to be refused. */
export function readTestListParams(search: URLSearchParams): TestListParams {
  const sortBy = search.get('sort_by') ?? '';
  const size = positive(search.get('size'), DEFAULT_PAGE_SIZE);
  return {
    name: search.get('name')?.trim() ?? '',
    resultStatus: list(search.get('result_status')).filter(oneOf(RESULT_STATES)),
    status: list(search.get('status')).filter(oneOf(WORK_ITEM_STATUSES)),
    page: positive(search.get('page'), 1),
    size: SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: oneOf(TEST_SORTS)(sortBy) ? sortBy : undefined,
    descending: search.get('descending') === 'true',
  };
}

/** Writes changes into the query string; any change but paging starts again at page 1. Other keys (the view) stay. */
export function writeTestListParams(current: URLSearchParams, changes: Partial<TestListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | undefined) => (value ? next.set(key, value) : next.delete(key));
  if ('name' in changes) set('name', changes.name?.trim());
  if ('resultStatus' in changes) set('result_status', changes.resultStatus?.join(','));
  if ('status' in changes) set('status', changes.status?.join(','));
  if ('sortBy' in changes) set('sort_by', changes.sortBy);
  if ('descending' in changes) set('descending', changes.descending ? 'true' : undefined);
  if ('size' in changes) set('size', changes.size === DEFAULT_PAGE_SIZE ? undefined : String(changes.size));
  const paging = 'page' in changes;
  set('page', paging && changes.page && changes.page > 1 ? String(changes.page) : undefined);
  return next;
}

export const hasTestFilters = (params: TestListParams) => Boolean(params.name || params.resultStatus.length || params.status.length);

export function clearedTestFilters(current: URLSearchParams): URLSearchParams {
  return writeTestListParams(current, { name: '', resultStatus: [], status: [] });
}

/** The list's query as the API takes it: lists comma-separated, a sort only when chosen. */
export function testsQueryString(params: TestListParams) {
  return {
    name: params.name || undefined,
    result_status: params.resultStatus.length ? params.resultStatus.join(',') : undefined,
    status: params.status.length ? params.status.join(',') : undefined,
    sort_by: params.sortBy,
    descending: params.sortBy ? params.descending : undefined,
    page: params.page,
    size: params.size,
  };
}
