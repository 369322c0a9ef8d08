import {
  ASSET_CARD_NATURES,
  ASSET_CARD_SORTS,
  ASSET_CARD_TYPES,
  DEFAULT_PAGE_SIZE,
  WORK_ITEM_STATUSES,
  type AssetCardNature,
  type AssetCardType,
  type WorkItemStatus,
} from '@aegis/contracts';

export type AssetCardSort = (typeof ASSET_CARD_SORTS)[number];

/** The Assets tab as its URL states it: spec section 7's filters, the page and the sort, so that a view can be shared. */
export type AssetListParams = {
  name: string;
  status: WorkItemStatus[];
  isAssignedToMe: boolean;
  type: AssetCardType[];
  nature: AssetCardNature[];
  page: number;
  size: number;
  /** None: the server's order, by name. */
  sortBy?: AssetCardSort;
  descending: boolean;
};

/** The URL's keys: the spec's filter names (section 7) and the API's for the rest. */
export const ASSET_PARAM_KEYS = {
  name: 'name',
  status: 'status',
  isAssignedToMe: 'is_assigned_to_me',
  type: 'asset_card_type',
  nature: 'asset_card_nature',
  page: 'page',
  size: 'size',
  sortBy: 'sort_by',
  descending: 'descending',
} as const satisfies Record<keyof AssetListParams, string>;

const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];

const list = (value: string | null) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);
const known = <T extends string>(values: readonly T[], value: string | null) => [...new Set(list(value))].filter((item): item is T => oneOf(values, item));

/**
 * The list's parameters from a query string. A value the list cannot use (an unknown type, a page of
 * -1) is left out rather than sent to be refused.
 */
export function readAssetListParams(search: URLSearchParams): AssetListParams {
  const get = (field: keyof typeof ASSET_PARAM_KEYS) => search.get(ASSET_PARAM_KEYS[field]);
  const sortBy = get('sortBy') ?? '';
  const size = positive(get('size'), DEFAULT_PAGE_SIZE);
  return {
    name: get('name')?.trim() ?? '',
    status: known(WORK_ITEM_STATUSES, get('status')),
    isAssignedToMe: get('isAssignedToMe') === 'true',
    type: known(ASSET_CARD_TYPES, get('type')),
    nature: known(ASSET_CARD_NATURES, get('nature')),
    page: positive(get('page'), 1),
    size: SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: oneOf(ASSET_CARD_SORTS, sortBy) ? sortBy : undefined,
    descending: get('descending') === 'true',
  };
}

/**
 * The query string with `changes` applied, every other parameter kept. Defaults are left out (page 1,
 * the default size, false flags, empty lists); a change to anything but the page starts the list again
 * at page 1.
 */
export function writeAssetListParams(current: URLSearchParams, changes: Partial<AssetListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  for (const [field, value] of Object.entries(changes) as [keyof AssetListParams, AssetListParams[keyof AssetListParams]][]) {
    const key = ASSET_PARAM_KEYS[field];
    if (Array.isArray(value)) put(key, value.join(','));
    else if (typeof value === 'boolean') put(key, value ? 'true' : undefined);
    else if (field === 'page') put(key, value === 1 ? undefined : String(value));
    else if (field === 'size') put(key, value === DEFAULT_PAGE_SIZE ? undefined : String(value));
    else put(key, value === undefined ? undefined : String(value));
  }
  if (!('page' in changes)) next.delete(ASSET_PARAM_KEYS.page);
  return next;
}

/** The filters a person set (not the page or the sort): whether the list shows every card. */
export function hasAssetFilters(params: AssetListParams): boolean {
  return Boolean(params.name || params.status.length || params.isAssignedToMe || params.type.length || params.nature.length);
}

/** The filters cleared, the page size and the sort kept. */
export function clearedAssetFilters(current: URLSearchParams): URLSearchParams {
  return writeAssetListParams(current, { name: '', status: [], isAssignedToMe: false, type: [], nature: [] });
}

/** The list's query as the API takes it (listAssetCardsQuery): flags only when set, lists comma-separated. */
export function assetCardsQueryString(params: AssetListParams) {
  return {
    name: params.name || undefined,
    status: params.status.length ? params.status.join(',') : undefined,
    is_assigned_to_me: params.isAssignedToMe || undefined,
    asset_card_type: params.type.length ? params.type.join(',') : undefined,
    asset_card_nature: params.nature.length ? params.nature.join(',') : undefined,
    sort_by: params.sortBy,
    descending: params.sortBy ? params.descending : undefined,
    page: params.page,
    size: params.size,
  };
}
