import { S3Store } from '@tus/s3-store';
import { Upload } from '@tus/server';
import type { Part } from '@aws-sdk/client-s3';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Env } from '../../config/env';
import { WRITE_BUFFER } from '../storage/local.storage';
import { describeStored, sha256Of } from '../upload/adopt-file';
import { HEAD_BYTES } from '../upload/sniff';
import { ArrivalHashes, checksumMismatch, tusChecksum } from './arrival-hashes';
import { LargeUploadStore } from './large-upload-store';
import { objectKeyOf } from './upload-ids';

type Metadata = Parameters<S3Store['uploadPart']>[0];

/**
 * Resumable uploads straight into the bucket through @tus/s3-store: a multipart upload at the
 * upload's place in the date layout (`objectKeyOf`), completed by S3 on the last byte, so any
 * instance behind the proxy can take the next chunk and nothing is copied at the end.
 *
 * Each part's number, size and ETag is also kept as an empty marker object beside the upload
 * (`<key>.parts/…`), read back with ListObjectsV2: not every S3-protocol server lists the parts
 * of an open multipart upload (ListParts), but all list objects.
 */
export class S3TusStore extends S3Store implements LargeUploadStore {
  private readonly hashes = new ArrivalHashes();

  constructor(env: Env) {
    super({
      partSize: 8 * 1024 * 1024,
      // Upload-Expires on creation and every PATCH; the sweeper ends what expires (no S3 tags).
      expirationPeriodInMilliseconds: env.UPLOAD_SESSION_HOURS * 3_600_000,
      useTags: false,
      s3ClientConfig: {
        bucket: env.STORAGE_S3_BUCKET!,
        endpoint: env.STORAGE_S3_ENDPOINT,
        region: env.STORAGE_S3_REGION,
        forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE,
        // Streams of parts are sent as they are, not in aws-chunked frames with checksum
        // trailers, which S3-protocol servers other than AWS may store as part of the bytes.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: {
          accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID!,
          secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY!,
        },
      },
    });
    this.extensions = [...this.extensions, 'checksum'];
  }

  get tus(): this {
    return this;
  }

  // The tus id is the upload id; the bucket sees its key in the date layout.
  override async create(upload: Upload): Promise<Upload> {
    const created = await super.create(new Upload({ ...upload, id: objectKeyOf(upload.id) }));
    return new Upload({ ...created, id: upload.id });
  }

  override async getUpload(id: string): Promise<Upload> {
    return new Upload({ ...(await super.getUpload(objectKeyOf(id))), id });
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return super.declareUploadLength(objectKeyOf(id), length);
  }

  override read(id: string): Promise<Readable> {
    return super.read(objectKeyOf(id));
  }

  override async write(src: IncomingMessage | Readable, id: string, offset: number) {
    const key = objectKeyOf(id);
    if (tusChecksum.getStore() === undefined) {
      const chunk = this.hashes.begin(src, id, offset);
      try {
        const written = await super.write(chunk.stream, key, offset);
        chunk.settle(written);
        return written;
      } catch (e) {
        chunk.settle(undefined);
        throw e;
      }
    }
    // A chunk to check waits on local disk first: a part in the bucket cannot be cut off again.
    const spool = await this.uniqueTmpFileName('linkdrop-tus-chunk-');
    try {
      const chunk = this.hashes.begin(src, id, offset);
      await pipeline(chunk.stream, createWriteStream(spool, { highWaterMark: WRITE_BUFFER }));
      if (!chunk.matches()) throw checksumMismatch();
      try {
        const written = await super.write(createReadStream(spool), key, offset);
        chunk.settle(written);
        return written;
      } catch (e) {
        chunk.settle(undefined);
        throw e;
      }
    } finally {
      await rm(spool, { force: true });
    }
  }

  override async remove(id: string): Promise<void> {
    const key = objectKeyOf(id);
    this.hashes.forget(id);
    const metadata = await this.getMetadata(key).catch(() => undefined);
    if (metadata?.['upload-id']) {
      // Servers without AbortMultipartUpload keep the parts; the storage sweeper retries.
      await this.client
        .abortMultipartUpload({ Bucket: this.bucket, Key: key, UploadId: metadata['upload-id'] })
        .catch(() => undefined);
    }
    await this.deleteKeys(key, [
      key,
      this.infoKey(key),
      this.partKey(key, true),
      ...(await this.markers(key)),
    ]);
  }

  async release(id: string): Promise<void> {
    const key = objectKeyOf(id);
    this.hashes.forget(id);
    await this.deleteKeys(key, [this.infoKey(key), ...(await this.markers(key))]);
  }

  async toStored(id: string, clientName: string, size: number) {
    const key = objectKeyOf(id);
    const head = size === 0 ? Buffer.alloc(0) : await this.headOf(key, Math.min(size, HEAD_BYTES));
    const sha256 = this.hashes.digestOf(id, size) ?? (await sha256Of(await super.read(key)));
    const stored = await describeStored(head, size, sha256, clientName);
    return { ...stored, storageKey: key, keyOwner: 'store' as const };
  }

  protected override async uploadPart(metadata: Metadata, body: Readable, partNumber: number) {
    const { size } = await stat((body as Readable & { path: string }).path);
    const etag = await super.uploadPart(metadata, body, partNumber);
    const marker = `${String(partNumber).padStart(5, '0')}-${size}-${etag.replace(/"/g, '')}`;
    await this.client.putObject({
      Bucket: this.bucket,
      Key: `${metadata.file.id}.parts/${marker}`,
      Body: Buffer.alloc(0),
    });
    return etag;
  }

  protected override async retrieveParts(key: string): Promise<Part[]> {
    const parts: Part[] = [];
    for (const marker of await this.markers(key)) {
      const [number, size, etag] = marker.slice(marker.lastIndexOf('/') + 1).split('-');
      parts.push({ PartNumber: Number(number), Size: Number(size), ETag: `"${etag}"` });
    }
    return parts.sort((a, b) => a.PartNumber! - b.PartNumber!);
  }

  private async markers(key: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.listObjectsV2({
        Bucket: this.bucket,
        Prefix: `${key}.parts/`,
        ContinuationToken: token,
      });
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  private async headOf(key: string, n: number): Promise<Buffer> {
    const res = await this.client.getObject({
      Bucket: this.bucket,
      Key: key,
      Range: `bytes=0-${n - 1}`,
    });
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  private async deleteKeys(key: string, keys: string[]): Promise<void> {
    await this.clearCache(key);
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await this.client.deleteObjects({ Bucket: this.bucket, Delete: { Objects } });
    }
  }
}
