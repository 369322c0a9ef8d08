import { APP_VERSION, type ClientConfig } from '@aegis/contracts';
import type * as SentrySdk from '@sentry/react';
import { getStoredUser } from './session';

type Sentry = typeof SentrySdk;
export type ErrorContext = Record<string, unknown>;
type Report = { error: unknown; tags: Record<string, string>; context?: ErrorContext };

/** Spec section 8: every trace, 10% of sessions replayed, every session with an error replayed. */
export const SENTRY_OPTIONS = {
  release: APP_VERSION,
  environment: 'prod',
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

// Errors can happen before the client config says whether reporting is on; keep a few until then.
const MAX_WAITING = 50;
const waiting: Report[] = [];
let sentry: Sentry | null = null;
let off = false;
let starting: Promise<void> | null = null;

/**
 * Turns error reporting on when the deployment configures a Sentry DSN, and off for good otherwise.
 * The SDK is a separate chunk, fetched only in the first case.
 */
export function initErrorReporting(config: ClientConfig): Promise<void> {
  if (sentry || off) return Promise.resolve();
  const dsn = config.sentry_dsn;
  if (!dsn) {
    turnOff();
    return Promise.resolve();
  }
  starting ??= import('@sentry/react').then(
    (sdk) => {
      sdk.init({ dsn, ...SENTRY_OPTIONS, integrations: [sdk.browserTracingIntegration(), sdk.replayIntegration()] });
      sentry = sdk;
      for (const report of waiting.splice(0)) send(sdk, report);
    },
    (error: unknown) => {
      console.warn('Error reporting could not start', error);
      turnOff();
    },
  );
  return starting;
}

function turnOff(): void {
  off = true;
  waiting.length = 0;
}

function send(sdk: Sentry, { error, tags, context }: Report): void {
  sdk.captureException(error, { tags, ...(context ? { extra: context } : {}) });
}

/** Sends an error with the organization id and name of the stored user; waits while reporting starts. */
export function reportError(error: unknown, context?: ErrorContext): void {
  if (off) return;
  const organization = getStoredUser()?.organization;
  const tags: Record<string, string> = organization ? { organization_id: organization.id, organization_name: organization.name } : {};
  const report: Report = { error, tags, context };
  if (sentry) send(sentry, report);
  else if (waiting.length < MAX_WAITING) waiting.push(report);
}
