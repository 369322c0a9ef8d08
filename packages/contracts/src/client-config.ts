import { z } from 'zod';

/** What the web app needs to know about this deployment before anyone signs in. */
export const clientConfig = z.object({
  product_name: z.string(),
  version: z.string(),
  environment: z.string(),
  /** DOCS_URL, where Support leads; null: the built-in help page (/help). */
  docs_url: z.string().nullable(),
  /** STATUS_URL, where the footer's Status link leads; null: the built-in status page (/status). */
  status_url: z.string().nullable(),
  /** Error reporting is on only when the server has SENTRY_DSN. */
  sentry_dsn: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfig>;
