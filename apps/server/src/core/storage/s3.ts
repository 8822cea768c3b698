import { PassThrough, type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeOf } from './content-types.ts';
import type { Storage } from './types.ts';

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Base URL for public keys (a CDN or the bucket); default `/media/<key>` on this server. */
  publicUrl?: string;
}

/** Multipart part size and parallel parts: an upload holds at most PART_SIZE × QUEUE_SIZE in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) through the AWS SDK v3:
 * streamed multipart uploads (lib-storage), ranged GetObject, HeadObject, prefix deletes,
 * and presigned GET URLs for lecture videos delivered by redirect.
 */
export function s3Storage(opts: S3StorageOptions): Storage & { client: S3Client } {
  const { bucket } = opts;
  const client = s3Client(opts);
  const publicBase = opts.publicUrl?.replace(/\/$/, '');
  return {
    client,
    put: (key, body) => putObject(client, bucket, key, body),
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    read: (key, range) => readObject(client, bucket, key, range),
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    removePrefix: (prefix) => removeFolder(client, bucket, prefix),
    async list(prefix = '') {
      return (await listKeys(client, bucket, prefix)).sort();
    },
    publicUrl(key) {
      return publicBase ? `${publicBase}/${key}` : `/media/${key}`;
    },
    async signedUrl(key, { expiresIn, contentType }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentType: contentType }),
        { expiresIn },
      );
    },
    async close() {
      client.destroy();
    },
  };
}

function s3Client(opts: S3StorageOptions) {
  return new S3Client({
    region: opts.region ?? 'us-east-1',
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: R2, MinIO and older S3-compatibles reject the new defaults.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const objectHeaders = (key: string) => ({
  ContentType: contentTypeOf(key),
  // Public names carry a content hash: they never change, so caches may keep them for good.
  CacheControl: key.startsWith('public/') ? 'public, max-age=31536000, immutable' : 'private, no-cache',
});

/** A buffer in one PutObject; a stream in a multipart upload, counted as it passes. */
async function putObject(client: S3Client, bucket: string, key: string, body: Readable | Buffer) {
  if (Buffer.isBuffer(body)) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ...objectHeaders(key) }));
    return { size: body.length };
  }
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  // An error of the source (not a video, too large, client gone) aborts the upload.
  body.once('error', (error) => counter.destroy(error));
  body.pipe(counter);
  const upload = new Upload({
    client,
    params: { Bucket: bucket, Key: key, Body: counter, ...objectHeaders(key) },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
    // A failed upload leaves no parts behind (all or nothing, like the local driver).
    leavePartsOnError: false,
  });
  try {
    await upload.done();
  } catch (error) {
    body.unpipe(counter);
    counter.destroy();
    throw error;
  }
  return { size };
}

/** The Storage interface hands out a stream at once; the object's bytes flow in when S3 answers. */
function readObject(client: S3Client, bucket: string, key: string, range?: { start: number; end: number }) {
  const out = new PassThrough();
  const command = new GetObjectCommand({
    Bucket: bucket,
    Key: key,
    Range: range ? `bytes=${range.start}-${range.end}` : undefined,
  });
  const abort = new AbortController();
  out.once('close', () => abort.abort());
  client.send(command, { abortSignal: abort.signal }).then(
    (res) => {
      const body = res.Body as Readable;
      body.once('error', (error) => out.destroy(error));
      body.pipe(out);
      out.once('close', () => body.destroy());
    },
    (error) => out.destroy(error),
  );
  return out;
}

/** Deletes a folder's keys a thousand (one DeleteObjects) at a time until none is left. */
async function removeFolder(client: S3Client, bucket: string, prefix: string) {
  const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
  for (;;) {
    const keys = await listKeys(client, bucket, folder, 1000);
    if (keys.length === 0) return;
    const res = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (res.Errors?.length) throw new Error(`could not delete ${res.Errors.length} objects under ${folder}`);
  }
}

async function listKeys(client: S3Client, bucket: string, prefix: string, limit = Number.POSITIVE_INFINITY) {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token && keys.length < limit);
  return keys;
}
