import path from 'node:path';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';

export type { FileStorage } from './file-storage';

/** The bucket of S3_* when it is configured, else DATA_DIR/files. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): FileStorage {
  if (config.s3) {
    const { accessKeyId, secretAccessKey } = config.s3;
    // loadConfig refuses a bucket without keys, so both are set here.
    return s3Storage({ ...config.s3, accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! });
  }
  return localStorage(path.join(config.dataDir, 'files'));
}
