import { navigateInApp } from './navigation';

const HEALTH_URL = '/api/health';
export const SERVICE_DOWN_PATH = '/service-down';

/** Spec section 8: 4 attempts, the first after 500 ms, each delay 2.71 times the one before. */
export const HEALTH_RETRY = { attempts: 4, initialDelayMs: 500, multiplier: 2.71 } as const;

/** The waits before each health check: 500, 1355, 3672, 9951 ms. */
export const HEALTH_DELAYS_MS: readonly number[] = Array.from({ length: HEALTH_RETRY.attempts }, (_, i) =>
  Math.round(HEALTH_RETRY.initialDelayMs * HEALTH_RETRY.multiplier ** i),
);

let watching: Promise<boolean> | null = null;

/**
 * After a 5xx: polls the health check with back-off and, if it never answers 200, goes to the
 * service-down page. Resolves whether the service recovered. Server errors that arrive while a watch
 * runs join it rather than start another.
 */
export function watchServiceHealth(): Promise<boolean> {
  watching ??= poll().finally(() => {
    watching = null;
  });
  return watching;
}

async function poll(): Promise<boolean> {
  for (const delay of HEALTH_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (await isHealthy()) return true;
  }
  navigateInApp(SERVICE_DOWN_PATH);
  return false;
}

async function isHealthy(): Promise<boolean> {
  try {
    const response = await fetch(HEALTH_URL, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    return response.status === 200;
  } catch {
    return false;
  }
}
