import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { JobEngine } from './jobs/engine';
import type { Mailer } from './lib/mailer';
import type { FileStorage } from './lib/storage';
import type { ServerSecrets } from './lib/secrets';
import type { AccessTokenSigner } from './modules/auth/access-token';
import type { RelyingParty } from './modules/auth/oidc-relying-party';
import type { EmbeddedIdp } from './idp/provider';

/** What services need from the running app, decorated once on the Fastify instance. */
export type Deps = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  secrets: ServerSecrets;
  accessTokens: AccessTokenSigner;
  relyingParty: RelyingParty;
  mailer: Mailer;
  /** Uploaded files: DATA_DIR/files or the S3 bucket. */
  storage: FileStorage;
  /** Present when the embedded identity provider is in use. */
  idp: EmbeddedIdp | undefined;
  /** The background job engine (pg-boss): sends jobs on demand and reads each queue's state. */
  jobs: JobEngine;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
