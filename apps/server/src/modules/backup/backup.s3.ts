import {
  GetBucketReplicationCommand,
  GetBucketVersioningCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../core/config.ts';
import type { MediaState } from './backup.manifest.ts';

const NOTE =
  'Media objects are not copied into the archive: the bucket keeps them. Keep versioning on (or replicate the ' +
  'bucket) so the objects this backup refers to can be recovered as of its moment.';

const reason = (error: unknown) => {
  const e = error as { name?: string; message?: string };
  return `${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`;
};

/**
 * With STORAGE=s3 the backup records the bucket's state instead of copying it (ADR 0018):
 * versioning status, replication, and how many objects and bytes it holds. A figure the
 * credentials may not read is recorded as unknown with the reason; it never fails the backup.
 */
export async function bucketState(s3: Config['storage']['s3']): Promise<Extract<MediaState, { driver: 's3' }>> {
  const bucket = s3.bucket as string;
  const client = new S3Client({
    region: s3.region ?? 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const errors: string[] = [];
  try {
    let versioning = 'unknown';
    try {
      const answer = await client.send(new GetBucketVersioningCommand({ Bucket: bucket }));
      // An answer without a status: versioning was never turned on.
      versioning = answer.Status ?? 'Off';
    } catch (error) {
      errors.push(`versioning: ${reason(error)}`);
    }
    let replication = 'unknown';
    try {
      const answer = await client.send(new GetBucketReplicationCommand({ Bucket: bucket }));
      const rules = answer.ReplicationConfiguration?.Rules ?? [];
      replication = rules.length
        ? rules.map((r) => `${r.Status ?? '?'} → ${r.Destination?.Bucket ?? '?'}`).join(', ')
        : 'none';
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'ReplicationConfigurationNotFoundError') replication = 'none';
      else errors.push(`replication: ${reason(error)}`);
    }
    let objects: number | null = 0;
    let bytes: number | null = 0;
    try {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          objects = (objects as number) + 1;
          bytes = (bytes as number) + (object.Size ?? 0);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    } catch (error) {
      objects = null;
      bytes = null;
      errors.push(`objects: ${reason(error)}`);
    }
    return {
      driver: 's3',
      bucket,
      endpoint: s3.endpoint ?? null,
      note: NOTE,
      versioning,
      replication,
      objects,
      bytes,
      ...(errors.length ? { error: errors.join('; ') } : {}),
    };
  } finally {
    client.destroy();
  }
}
