/**
 * Leaving the single-page app (logout, reload) and moving inside it from code that runs outside React
 * (the API client). Both go through this module so that tests, and jsdom, which cannot navigate, can
 * replace them.
 */
export const browserLocation = {
  /** A full page load of `url`. */
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

export type Navigate = (path: string) => void;

let inAppNavigate: Navigate | null = null;

/** Lets the shell route in-app navigations through its router; `null` goes back to full page loads. */
export function setInAppNavigate(navigate: Navigate | null): void {
  inAppNavigate = navigate;
}

/** Goes to a path of this app: through the registered router if any, else with a full page load. */
export function navigateInApp(path: string): void {
  if (inAppNavigate) inAppNavigate(path);
  else browserLocation.assign(path);
}
