import path from 'node:path';
import { LocalBlobStore, type BlobStore } from './blob-store.js';
import { S3BlobStore, type S3BlobStoreOptions } from './s3-blob-store.js';

export interface BlobStoreConfig {
  dataDir: string;
  /** S3_BUCKET set: an S3-compatible store; else a directory under DATA_DIR. */
  s3?: S3BlobStoreOptions;
}

/** The deployment's blob store: local for one machine, S3-compatible for a fleet. */
export function createBlobStore(config: BlobStoreConfig): BlobStore {
  if (config.s3) return new S3BlobStore(config.s3);
  return new LocalBlobStore(path.join(config.dataDir, 'blobs'));
}

/** Reads the S3 settings (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PREFIX). */
export function s3SettingsFromEnv(env: NodeJS.ProcessEnv): BlobStoreConfig['s3'] {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || env.AWS_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || env.AWS_SECRET_ACCESS_KEY || undefined,
    prefix: env.S3_PREFIX || undefined,
  };
}
