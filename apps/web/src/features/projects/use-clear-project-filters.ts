import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import type { KeepFiltersState } from '../../lib/project-paths';
import { clearedProjectSearch, hasProjectFilters } from './project-filters';

/** The name in the handle of the deepest matched route that has one. */
function useRouteName(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { name?: unknown } | undefined;
    if (typeof handle?.name === 'string') return handle.name;
  }
  return undefined;
}

/**
 * Spec section 2: when the project route's name changes (dashboard to settings, risks to a risk…),
 * the list filters go, whichever way the navigation came about. The first screen opened keeps its
 * filters, so a shared link with filters still works; so does a link that says so in its state (a
 * detail screen's way back to the filtered list it was opened from).
 */
export function useClearProjectFiltersOnRouteChange(): void {
  const name = useRouteName();
  const location = useLocation();
  const navigate = useNavigate();
  const previous = useRef(name);

  useEffect(() => {
    if (previous.current === name) return;
    previous.current = name;
    if (!hasProjectFilters(location.search) || (location.state as Partial<KeepFiltersState> | null)?.keepProjectFilters) return;
    void navigate(
      { pathname: location.pathname, search: clearedProjectSearch(location.search), hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  }, [name, location, navigate]);
}
