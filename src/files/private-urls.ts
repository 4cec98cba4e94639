import { Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Clock } from '../common/clock';
import { Installation } from '../database/installation';
import { bytesKeyOf, StoredFile } from './file.entity';
import { Storage } from './storage/storage';

const VALID_MS = 3_600_000;
/**
 * URLs are signed as of the start of a 10-minute window: every instance hands out the same URL
 * for a file within a window (caches and clients see one URL), and each is valid for at least an
 * hour from when it was asked for.
 */
const WINDOW_MS = 600_000;

export interface SignedUrl {
  url: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Time-limited download URLs of private files: our own HMAC on local disk, presigned on S3. */
@Injectable()
export class PrivateUrls {
  constructor(
    private readonly installation: Installation,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  async sign(file: StoredFile, publicUrl: string): Promise<SignedUrl> {
    const signedAt = Math.floor(this.clock.now() / WINDOW_MS) * WINDOW_MS;
    const expiresMs = signedAt + WINDOW_MS + VALID_MS;
    const expiresAt = expiresMs / 1000;
    const presigned = await this.storage.presignedUrl(
      bytesKeyOf(file),
      new Date(signedAt),
      new Date(expiresMs),
      file.filename,
    );
    if (presigned) return { url: presigned, expiresAt };
    const sig = await this.signature(file.path, expiresAt);
    return { url: `${publicUrl}?expires=${expiresAt}&sig=${sig}`, expiresAt };
  }

  /** Whether `?expires=&sig=` of a request for the bytes at `path` are ours and current. */
  async verify(path: string, expires: unknown, sig: unknown): Promise<boolean> {
    if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
    if (typeof sig !== 'string' || Number(expires) * 1000 <= this.clock.now()) return false;
    const expected = Buffer.from(await this.signature(path, Number(expires)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private async signature(path: string, expiresAt: number): Promise<string> {
    return createHmac('sha256', await this.installation.signingKey())
      .update(`${path}\n${expiresAt}`)
      .digest('base64url');
  }
}
