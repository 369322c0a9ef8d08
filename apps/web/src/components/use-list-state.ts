import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@aegis/contracts';
import { useDebounced } from './use-debounced';

export type Paging = {
  /** 1-based, as the API counts pages. */
  page: number;
  size: number;
  /** Takes ListPagination's onChange as it is. */
  setPaging: (page: number, size: number) => void;
  /** Wraps a filter's or sort's setter so that a change starts the list again at page 1. */
  restart: <T>(set: (value: T) => void) => (value: T) => void;
};

/** The page a server-side list shows and its page size. */
export function usePaging(): Paging {
  const [{ page, size }, set] = useState({ page: 1, size: DEFAULT_PAGE_SIZE });
  return {
    page,
    size,
    setPaging: (nextPage, nextSize) => set({ page: nextPage, size: nextSize }),
    restart: (setValue) => (value) => {
      setValue(value);
      set((current) => ({ ...current, page: 1 }));
    },
  };
}

/**
 * A searchable list's paging plus its search box: `search` is what the box shows, `name` the trimmed
 * text once typing pauses, which is what the list asks the server for. A new search starts at page 1.
 */
export function useSearchableList() {
  const paging = usePaging();
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), 300);
  return { ...paging, search, name, setSearch: paging.restart(setSearch) };
}
