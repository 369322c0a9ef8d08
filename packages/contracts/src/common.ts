import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

export const uuid = z.uuid();
export const isoDateTime = z.iso.datetime({ offset: true });

export const errorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string(), line: z.number().int().optional() })).optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Query of every list endpoint: 1-based page, size up to MAX_PAGE_SIZE, optional sort. */
export function pageQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
    size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort_by: z.enum(sortable).optional(),
    descending: booleanQuery.default(false),
  });
}

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; page: number; size: number; pages: number };

export { booleanQuery };
