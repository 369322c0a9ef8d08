import { CONTROL_SORTS, DEFAULT_PAGE_SIZE, WORK_ITEM_STATUSES, type WorkItemStatus } from '@aegis/contracts';

export type ControlSortField = (typeof CONTROL_SORTS)[number];

/** The controls list as its URL states it: every filter, the page and the sort, so that a view can be shared. */
export type ControlListParams = {
  name: string;
  /** A framework code the project applies. */
  framework?: string;
  /** A requirement's id. */
  requirement?: string;
  status: WorkItemStatus[];
  /** Tag ids. */
  tags: string[];
  isAssignedToMe: boolean;
  isAssignedToMeForReview: boolean;
  needsAttention: boolean;
  page: number;
  size: number;
  /** None: the server's order, by code. */
  sortBy?: ControlSortField;
  descending: boolean;
};

/** The URL's keys (the spec's filter names, section 7), by field. */
export const CONTROL_PARAM_KEYS = {
  name: 'name',
  framework: 'framework',
  requirement: 'requirement',
  status: 'status',
  tags: 'tags',
  isAssignedToMe: 'is_assigned_to_me',
  isAssignedToMeForReview: 'is_assigned_to_me_for_review',
  needsAttention: 'needs_attention',
  page: 'page',
  size: 'size',
  sortBy: 'sort_by',
  descending: 'descending',
} as const satisfies Record<keyof ControlListParams, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];

const list = (value: string | null) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};

/**
 * The list's parameters from a query string. A value the list cannot use (an unknown status, a tag id
 * that is no id, a page of -1) is left out rather than sent to be refused; a framework is kept only if
 * the project applies it.
 */
export function readControlListParams(search: URLSearchParams, frameworkCodes: readonly string[]): ControlListParams {
  const get = (field: keyof ControlListParams) => search.get(CONTROL_PARAM_KEYS[field]);
  const framework = get('framework') ?? undefined;
  const requirement = get('requirement') ?? undefined;
  const sortBy = get('sortBy');
  const size = positive(get('size'), DEFAULT_PAGE_SIZE);
  return {
    name: get('name')?.trim() ?? '',
    framework: framework && frameworkCodes.includes(framework) ? framework : undefined,
    requirement: requirement && UUID.test(requirement) ? requirement : undefined,
    status: [...new Set(list(get('status')))].filter((status): status is WorkItemStatus => (WORK_ITEM_STATUSES as readonly string[]).includes(status)),
    tags: [...new Set(list(get('tags')))].filter((tag) => UUID.test(tag)).slice(0, 20),
    isAssignedToMe: get('isAssignedToMe') === 'true',
    isAssignedToMeForReview: get('isAssignedToMeForReview') === 'true',
    needsAttention: get('needsAttention') === 'true',
    page: positive(get('page'), 1),
    size: SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: (CONTROL_SORTS as readonly string[]).includes(sortBy ?? '') ? (sortBy as ControlSortField) : undefined,
    descending: get('descending') === 'true',
  };
}

/**
 * The query string with `changes` applied, every other parameter kept. Defaults are left out (page 1,
 * the default size, false flags, empty lists), so the URL says only what differs; a change to anything
 * but the page starts the list again at page 1.
 */
export function writeControlListParams(current: URLSearchParams, changes: Partial<ControlListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (field: keyof ControlListParams, value: string | undefined) => {
    if (value) next.set(CONTROL_PARAM_KEYS[field], value);
    else next.delete(CONTROL_PARAM_KEYS[field]);
  };
  for (const [field, value] of Object.entries(changes) as [keyof ControlListParams, ControlListParams[keyof ControlListParams]][]) {
    if (Array.isArray(value)) put(field, value.join(','));
    else if (typeof value === 'boolean') put(field, value ? 'true' : undefined);
    else if (field === 'page') put(field, value === 1 ? undefined : String(value));
    else if (field === 'size') put(field, value === DEFAULT_PAGE_SIZE ? undefined : String(value));
    else put(field, value === undefined ? undefined : String(value));
  }
  if (!('page' in changes)) next.delete(CONTROL_PARAM_KEYS.page);
  return next;
}

/** The filters a person set (not the page or the sort): whether the list shows everything. */
export function hasControlFilters(params: ControlListParams): boolean {
  return Boolean(params.name || params.framework || params.requirement || params.status.length || params.tags.length || params.isAssignedToMe || params.isAssignedToMeForReview || params.needsAttention);
}

/** The filters cleared, the page size and the sort kept. */
export function clearedControlFilters(current: URLSearchParams): URLSearchParams {
  return writeControlListParams(current, { name: '', framework: undefined, requirement: undefined, status: [], tags: [], isAssignedToMe: false, isAssignedToMeForReview: false, needsAttention: false });
}
