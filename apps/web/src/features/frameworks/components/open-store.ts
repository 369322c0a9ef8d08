import { useSyncExternalStore } from 'react';

/**
 * Which nodes of a tree are open, kept outside React state so that each node subscribes to its own
 * flag: opening one node re-renders that node, not the hundreds beside it.
 */
export type OpenStore = {
  codes: () => ReadonlySet<string>;
  replace: (codes: ReadonlySet<string>) => void;
  toggle: (code: string) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createOpenStore(initial: ReadonlySet<string> = new Set()): OpenStore {
  let codes = initial;
  const listeners = new Set<() => void>();
  const replace = (next: ReadonlySet<string>) => {
    codes = next;
    listeners.forEach((listener) => listener());
  };
  return {
    codes: () => codes,
    replace,
    toggle: (code) => {
      const next = new Set(codes);
      if (!next.delete(code)) next.add(code);
      replace(next);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Whether one node is open; re-renders only when that changes. */
export function useIsOpen(store: OpenStore, code: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.codes().has(code));
}
