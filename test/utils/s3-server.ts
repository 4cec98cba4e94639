import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** The settings that put an app's storage on this server's `linkdrop` bucket. */
  settings: Record<string, string>;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-protocol server on loopback (s3rver) with one bucket, spoken to by the AWS SDK. */
export async function startS3(): Promise<TestS3> {
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'linkdrop-s3-')),
    configureBuckets: [{ name: 'linkdrop', configs: [] }],
  });
  const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    settings: {
      STORAGE_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_BUCKET: 'linkdrop',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    keys: async () => {
      const res = await client.send(new ListObjectsV2Command({ Bucket: 'linkdrop' }));
      return (res.Contents ?? []).map((o) => o.Key!).sort();
    },
    close: () => s3.close(),
  };
}
