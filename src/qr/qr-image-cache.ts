import { Inject, Injectable } from '@nestjs/common';
import { getOptionsToken, ThrottlerStorage } from '@nestjs/throttler';
import { DomainError } from '../common/errors/domain-error';
import type { KeyMaker } from '../rate-limit/password-attempts';
import { QrFormat, qrImage } from './qr-images';

/** What the drawn images may hold in memory together. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Images a client may have drawn (not served from the cache) a minute. */
const DRAWS_PER_MINUTE = 60;
const MINUTE = 60_000;

/**
 * QR images, drawn once per address, format and size and kept (least recently used first out,
 * 32 MiB in all): a code for a URL never changes. Drawing is limited per client, so nobody can
 * keep the service busy asking for new sizes of codes.
 */
@Injectable()
export class QrImageCache {
  private readonly images = new Map<string, Buffer>();
  private bytes = 0;

  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    @Inject(getOptionsToken()) private readonly options: KeyMaker,
  ) {}

  async image(text: string, format: QrFormat, size: number, client: string): Promise<Buffer> {
    const key = `${format}:${size}:${text}`;
    const kept = this.images.get(key);
    if (kept) {
      this.images.delete(key); // to the end: most recently used
      this.images.set(key, kept);
      return kept;
    }
    await this.countDraw(client);
    const drawn = await qrImage(text, format, size);
    this.keep(key, drawn);
    return drawn;
  }

  private async countDraw(client: string): Promise<void> {
    const key = this.options.generateKey(undefined, client, 'qr-draw');
    const r = await this.storage.increment(key, MINUTE, DRAWS_PER_MINUTE, MINUTE, 'qr-draw');
    if (!r.isBlocked) return;
    const wait = Math.max(1, Math.ceil(r.timeToBlockExpire));
    throw new DomainError(429, 'rate_limited', `Too many QR codes drawn; try again in ${wait} s`, {
      retry_after: wait,
    });
  }

  private keep(key: string, image: Buffer): void {
    this.images.set(key, image);
    this.bytes += image.length;
    for (const [old, buf] of this.images) {
      if (this.bytes <= MAX_BYTES) break;
      this.images.delete(old);
      this.bytes -= buf.length;
    }
  }
}
