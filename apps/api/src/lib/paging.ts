import type { Page } from '@aegis/contracts';

export function pageOf<T>(items: T[], total: number, page: number, size: number): Page<T> {
  return { items, total, page, size, pages: Math.ceil(total / size) };
}

export const offsetOf = (page: number, size: number) => (page - 1) * size;
