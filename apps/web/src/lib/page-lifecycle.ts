/*
 * Whether this page is being left. `pagehide` fires on a reload, on leaving for another page and on
 * closing the tab; whatever the page starts after it may never get its answer. A refresh is the
 * costly case: the server rotates the refresh token and the new one is lost with the page. A page
 * kept in the back/forward cache comes back with `pageshow` (persisted) and carries on from there.
 */
let leaving = false;
const showListeners = new Set<() => void>();
const hideListeners = new Set<() => void>();

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
    for (const listener of [...hideListeners]) listener();
  });
  window.addEventListener('pageshow', () => {
    if (!leaving) return;
    leaving = false;
    for (const listener of [...showListeners]) listener();
  });
}

export function isPageLeaving(): boolean {
  return leaving;
}

/** Calls `listener` each time the page starts being left; returns the unsubscribe. */
export function onPageHide(listener: () => void): () => void {
  hideListeners.add(listener);
  return () => hideListeners.delete(listener);
}

/** Calls `listener` each time a page that was left is shown again (back/forward cache); returns the unsubscribe. */
export function onPageShowAgain(listener: () => void): () => void {
  showListeners.add(listener);
  return () => showListeners.delete(listener);
}

/** Resolves at once on a page in use; on a page being left, only if it is shown again. */
export function whenPageInUse(): Promise<void> {
  if (!leaving) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onPageShowAgain(() => {
      stop();
      resolve();
    });
  });
}
