import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { Env } from '../../config/env';
import { ByteRange, Storage } from './storage';

/**
 * Any S3-compatible store (AWS, MinIO, R2). Uploads are multipart and streamed: at most
 * QUEUE × PART bytes are buffered; an aborted upload is aborted on the store too.
 */
export class S3Storage extends Storage {
  private static readonly PART = 8 * 1024 * 1024;
  private static readonly QUEUE = 2;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(env: Env) {
    super();
    this.bucket = env.STORAGE_S3_BUCKET!;
    this.client = new S3Client({
      endpoint: env.STORAGE_S3_ENDPOINT,
      region: env.STORAGE_S3_REGION,
      forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE,
      credentials: {
        accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID!,
        secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY!,
      },
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: S3Storage.PART,
      queueSize: S3Storage.QUEUE,
      leavePartsOnError: false,
    });
    const failed = new Promise<never>((_, reject) => body.once('error', reject));
    try {
      await Promise.race([upload.done(), failed]);
    } catch (e) {
      await upload.abort().catch(() => undefined);
      await this.delete(key).catch(() => undefined);
      throw e;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const res = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return res.Body as Readable;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async sweepAbandoned(olderThanMs: number): Promise<number> {
    const cutoff = Date.now() - olderThanMs;
    const { Uploads = [] } = await this.client.send(
      new ListMultipartUploadsCommand({ Bucket: this.bucket }),
    );
    const stale = Uploads.filter(
      (u) => u.Key && u.UploadId && (u.Initiated?.getTime() ?? 0) <= cutoff,
    );
    for (const u of stale) {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: u.Key, UploadId: u.UploadId }),
      );
    }
    return stale.length;
  }

  override presignedUrl(key: string, signedAt: Date, expiresAt: Date, filename: string) {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(filename)}`,
    });
    const expiresIn = Math.round((expiresAt.getTime() - signedAt.getTime()) / 1000);
    return getSignedUrl(this.client, command, { expiresIn, signingDate: signedAt });
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
