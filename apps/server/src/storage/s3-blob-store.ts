import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable } from 'node:stream';
import { assertBlobKey, type BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  /** Any S3-compatible endpoint (MinIO, Ceph, R2, s3rver); AWS when absent. */
  endpoint?: string;
  region?: string;
  /** Path-style addressing (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle?: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prefix of every key in the bucket (several deployments may share one). */
  prefix?: string;
}

/** Parts of a multipart upload: 8 MiB each, four in flight (a 500 MB portfolio is ~60 parts). */
const PART_SIZE = 8 * 1024 * 1024;

/**
 * The blob store of a fleet: any S3-compatible object store. Writes stream as multipart uploads
 * (nothing is buffered whole), reads stream the object (with a byte range when asked), so the
 * servers and workers of a deployment share uploads, exports and evidence without a shared disk.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  private keyOf(key: string): string {
    assertBlobKey(key);
    return `${this.prefix}${key}`;
  }

  async write(key: string, source: Readable): Promise<number> {
    let bytes = 0;
    const counted = new PassThrough();
    counted.on('data', (chunk: Buffer) => (bytes += chunk.length));
    source.on('error', (error) => counted.destroy(error));
    source.pipe(counted);
    // An incomplete multipart upload is aborted (leavePartsOnError: false), so a half-written
    // blob is never visible, as with the local store's rename.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.keyOf(key), Body: counted },
      partSize: PART_SIZE,
      queueSize: 4,
      leavePartsOnError: false,
    });
    await upload.done();
    return bytes;
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.keyOf(key),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    });
    this.client
      .send(command)
      .then((answer) => {
        const body = answer.Body as Readable | undefined;
        if (!body) return out.end();
        body.on('error', (error) => out.destroy(error));
        body.pipe(out);
      })
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (
        error instanceof NotFound ||
        (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
