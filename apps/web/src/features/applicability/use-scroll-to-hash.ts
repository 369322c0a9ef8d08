import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the URL's hash names into view, once it is there: the sections of a page that
 * loads its parts one by one appear after the navigation that named them. `ready` says a part arrived.
 */
export function useScrollToHash(ready: unknown) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!element) return;
    element.scrollIntoView?.({ block: 'start' });
    // Keyboard and screen reader users land there too.
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus({ preventScroll: true });
  }, [hash, ready]);
}
