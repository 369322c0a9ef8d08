import {
  DEFAULT_PAGE_SIZE,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_SORTS,
  EXPIRY_STATES,
  WORK_ITEM_STATUSES,
  type EvidenceFileType,
  type EvidenceSort,
  type ExpiryState,
  type WorkItemStatus,
} from '@aegis/contracts';

/** The evidence list as its URL states it: every filter of spec section 3 and ours, the page and the sort, so that a view can be shared. */
export type EvidenceListParams = {
  /** Matches the name, the description and the file's text (with the matching passage shown). */
  name: string;
  /** Control codes (spec: associated_controls). */
  controls: string[];
  /** Risk references or ids (spec: associated_risks). */
  risks: string[];
  /** The effective date from this day (YYYY-MM-DD), inclusive. */
  startDate?: string;
  /** The effective date up to this day (YYYY-MM-DD), inclusive. */
  endDate?: string;
  fileType: EvidenceFileType[];
  status: WorkItemStatus[];
  expiryState: ExpiryState[];
  isAssignedToMe: boolean;
  /** Only evidence linked to no control and no risk. */
  unlinked: boolean;
  page: number;
  size: number;
  /** None: the server's order. */
  sortBy?: EvidenceSort;
  descending: boolean;
};

/** The URL's keys: the API's query names (spec section 7), so that the URL reads as the call it makes. */
export const EVIDENCE_PARAM_KEYS = {
  name: 'name',
  controls: 'associated_controls',
  risks: 'associated_risks',
  startDate: 'start_date',
  endDate: 'end_date',
  fileType: 'file_type',
  status: 'status',
  expiryState: 'expiry_state',
  isAssignedToMe: 'is_assigned_to_me',
  unlinked: 'unlinked',
  page: 'page',
  size: 'size',
  sortBy: 'sort_by',
  descending: 'descending',
} as const satisfies Record<keyof EvidenceListParams, string>;

const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_LISTED = 50;

const list = (value: string | null) => [...new Set((value ?? '').split(',').map((item) => item.trim()).filter(Boolean))];
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);
/** A real calendar day written YYYY-MM-DD, else undefined. */
const calendarDay = (value: string | null): string | undefined => {
  if (!value || !ISO_DATE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
};

/**
 * The list's parameters from a query string. A value the list cannot use (an unknown file type, a date
 * that is no date, a page of -1) is left out rather than sent to be refused.
 */
export function readEvidenceListParams(search: URLSearchParams): EvidenceListParams {
  const get = (field: keyof typeof EVIDENCE_PARAM_KEYS) => search.get(EVIDENCE_PARAM_KEYS[field]);
  const sortBy = get('sortBy') ?? '';
  const size = positive(get('size'), DEFAULT_PAGE_SIZE);
  return {
    name: get('name')?.trim() ?? '',
    controls: list(get('controls')).slice(0, MAX_LISTED),
    risks: list(get('risks')).slice(0, MAX_LISTED),
    startDate: calendarDay(get('startDate')),
    endDate: calendarDay(get('endDate')),
    fileType: list(get('fileType')).filter((type) => oneOf(EVIDENCE_FILE_TYPES, type)),
    status: list(get('status')).filter((status) => oneOf(WORK_ITEM_STATUSES, status)),
    expiryState: list(get('expiryState')).filter((state) => oneOf(EXPIRY_STATES, state)),
    isAssignedToMe: get('isAssignedToMe') === 'true',
    unlinked: get('unlinked') === 'true',
    page: positive(get('page'), 1),
    size: SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: oneOf(EVIDENCE_SORTS, sortBy) ? sortBy : undefined,
    descending: get('descending') === 'true',
  };
}

/**
 * The query string with `changes` applied, every other parameter kept. Defaults are left out (page 1,
 * the default size, false flags, empty lists and dates); a change to anything but the page starts the
 * list again at page 1.
 */
export function writeEvidenceListParams(current: URLSearchParams, changes: Partial<EvidenceListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  for (const [field, value] of Object.entries(changes) as [keyof EvidenceListParams, EvidenceListParams[keyof EvidenceListParams]][]) {
    const key = EVIDENCE_PARAM_KEYS[field];
    if (Array.isArray(value)) put(key, value.join(','));
    else if (typeof value === 'boolean') put(key, value ? 'true' : undefined);
    else if (field === 'page') put(key, value === 1 ? undefined : String(value));
    else if (field === 'size') put(key, value === DEFAULT_PAGE_SIZE ? undefined : String(value));
    else put(key, value === undefined ? undefined : String(value));
  }
  if (!('page' in changes)) next.delete(EVIDENCE_PARAM_KEYS.page);
  return next;
}

/** The filters a person set (not the page or the sort): whether the list shows everything. */
export function hasEvidenceFilters(params: EvidenceListParams): boolean {
  return Boolean(
    params.name ||
      params.controls.length ||
      params.risks.length ||
      params.startDate ||
      params.endDate ||
      params.fileType.length ||
      params.status.length ||
      params.expiryState.length ||
      params.isAssignedToMe ||
      params.unlinked,
  );
}

export const NO_EVIDENCE_FILTERS: Partial<EvidenceListParams> = {
  name: '',
  controls: [],
  risks: [],
  startDate: undefined,
  endDate: undefined,
  fileType: [],
  status: [],
  expiryState: [],
  isAssignedToMe: false,
  unlinked: false,
};

/** The filters cleared, the page size and the sort kept. */
export function clearedEvidenceFilters(current: URLSearchParams): URLSearchParams {
  return writeEvidenceListParams(current, NO_EVIDENCE_FILTERS);
}

/** The list's query as the API takes it: lists comma-separated, flags only when set, the sort's direction only with a sort. */
export function evidenceQueryString(params: EvidenceListParams) {
  const joined = (values: readonly string[]) => (values.length ? values.join(',') : undefined);
  return {
    name: params.name || undefined,
    associated_controls: joined(params.controls),
    associated_risks: joined(params.risks),
    start_date: params.startDate,
    end_date: params.endDate,
    file_type: joined(params.fileType),
    status: joined(params.status),
    expiry_state: joined(params.expiryState),
    is_assigned_to_me: params.isAssignedToMe || undefined,
    unlinked: params.unlinked || undefined,
    sort_by: params.sortBy,
    descending: params.sortBy ? params.descending : undefined,
    page: params.page,
    size: params.size,
  };
}
