import { DEFAULT_PAGE_SIZE, RISK_CATEGORIES, RISK_SORTS, WORK_ITEM_STATUSES, type RiskCategory, type RiskScore, type RiskSort, type WorkItemStatus } from '@aegis/contracts';

/** Which scores a heat map cell is read on: the risk as it is (inherent) or after its treatment (residual). */
export type HeatMapView = 'inherent' | 'residual';
export type HeatMapCell = { view: HeatMapView; likelihood: RiskScore; impact: RiskScore };

/** The register as its URL states it: every filter, the heat map cell, the page and the sort, so that a view can be shared. */
export type RiskListParams = {
  name: string;
  status: WorkItemStatus[];
  isAssignedToMe: boolean;
  category: RiskCategory[];
  aboveAppetite: boolean;
  needsAttention: boolean;
  cell?: HeatMapCell;
  page: number;
  size: number;
  /** None: the server's order, by reference. */
  sortBy?: RiskSort;
  descending: boolean;
};

/** The URL's keys: the spec's filter names (section 7) and the API's for the rest. A cell is two keys, its view's scores. */
export const RISK_PARAM_KEYS = {
  name: 'name',
  status: 'status',
  isAssignedToMe: 'is_assigned_to_me',
  category: 'category',
  aboveAppetite: 'above_appetite',
  needsAttention: 'needs_attention',
  page: 'page',
  size: 'size',
  sortBy: 'sort_by',
  descending: 'descending',
} as const satisfies Record<Exclude<keyof RiskListParams, 'cell'>, string>;

export const CELL_KEYS: Record<HeatMapView, { likelihood: string; impact: string }> = {
  inherent: { likelihood: 'likelihood', impact: 'impact' },
  residual: { likelihood: 'residual_likelihood', impact: 'residual_impact' },
};

const SIZES = [DEFAULT_PAGE_SIZE, 25, 50];

const list = (value: string | null) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
const positive = (value: string | null, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
};
const score = (value: string | null): RiskScore | undefined => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number >= 1 && number <= 5 ? (number as RiskScore) : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** The cell in the URL: an inherent one wins when both are there; half a cell is none. */
function readCell(search: URLSearchParams): HeatMapCell | undefined {
  for (const view of ['inherent', 'residual'] as const) {
    const likelihood = score(search.get(CELL_KEYS[view].likelihood));
    const impact = score(search.get(CELL_KEYS[view].impact));
    if (likelihood && impact) return { view, likelihood, impact };
  }
  return undefined;
}

/**
 * The register's parameters from a query string. A value the list cannot use (an unknown status, a
 * score of 6, a page of -1) is left out rather than sent to be refused.
 */
export function readRiskListParams(search: URLSearchParams): RiskListParams {
  const get = (field: keyof typeof RISK_PARAM_KEYS) => search.get(RISK_PARAM_KEYS[field]);
  const sortBy = get('sortBy') ?? '';
  const size = positive(get('size'), DEFAULT_PAGE_SIZE);
  return {
    name: get('name')?.trim() ?? '',
    status: [...new Set(list(get('status')))].filter((status) => oneOf(WORK_ITEM_STATUSES, status)),
    isAssignedToMe: get('isAssignedToMe') === 'true',
    category: [...new Set(list(get('category')))].filter((category) => oneOf(RISK_CATEGORIES, category)),
    aboveAppetite: get('aboveAppetite') === 'true',
    needsAttention: get('needsAttention') === 'true',
    cell: readCell(search),
    page: positive(get('page'), 1),
    size: SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: oneOf(RISK_SORTS, sortBy) ? sortBy : undefined,
    descending: get('descending') === 'true',
  };
}

/**
 * The query string with `changes` applied, every other parameter kept. Defaults are left out (page 1,
 * the default size, false flags, empty lists, no cell); a change to anything but the page starts the
 * list again at page 1.
 */
export function writeRiskListParams(current: URLSearchParams, changes: Partial<RiskListParams>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  for (const [field, value] of Object.entries(changes) as [keyof RiskListParams, RiskListParams[keyof RiskListParams]][]) {
    if (field === 'cell') {
      const cell = value as HeatMapCell | undefined;
      for (const view of ['inherent', 'residual'] as const) {
        put(CELL_KEYS[view].likelihood, cell?.view === view ? String(cell.likelihood) : undefined);
        put(CELL_KEYS[view].impact, cell?.view === view ? String(cell.impact) : undefined);
      }
      continue;
    }
    const key = RISK_PARAM_KEYS[field];
    if (Array.isArray(value)) put(key, value.join(','));
    else if (typeof value === 'boolean') put(key, value ? 'true' : undefined);
    else if (field === 'page') put(key, value === 1 ? undefined : String(value));
    else if (field === 'size') put(key, value === DEFAULT_PAGE_SIZE ? undefined : String(value));
    else put(key, value === undefined ? undefined : String(value));
  }
  if (!('page' in changes)) next.delete(RISK_PARAM_KEYS.page);
  return next;
}

/** The filters a person set (not the page or the sort): whether the register shows everything. */
export function hasRiskFilters(params: RiskListParams): boolean {
  return Boolean(params.name || params.status.length || params.isAssignedToMe || params.category.length || params.aboveAppetite || params.needsAttention || params.cell);
}

/** The filters cleared, the page size and the sort kept. */
export function clearedRiskFilters(current: URLSearchParams): URLSearchParams {
  return writeRiskListParams(current, { name: '', status: [], isAssignedToMe: false, category: [], aboveAppetite: false, needsAttention: false, cell: undefined });
}
