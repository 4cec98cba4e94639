import { Injectable } from '@nestjs/common';
import { ClientBudget } from '../rate-limit/client-budget';
import { QrFormat, qrImage } from './qr-images';

/** What the drawn images may hold in memory together. */
const MAX_BYTES = 32 * 1024 * 1024;
/** Images a client may have drawn (not served from the cache) a minute. */
const DRAWS_PER_MINUTE = 60;

/**
 * QR images, drawn once per address, format and size and kept (least recently used first out,
 * 32 MiB in all): a code for a URL never changes. Drawing is limited per client, so nobody can
 * keep the service busy asking for new sizes of codes.
 */
@Injectable()
export class QrImageCache {
  private readonly images = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly budget: ClientBudget) {}

  async image(text: string, format: QrFormat, size: number, client: string): Promise<Buffer> {
    const key = `${format}:${size}:${text}`;
    const kept = this.images.get(key);
    if (kept) {
      this.images.delete(key); // to the end: most recently used
      this.images.set(key, kept);
      return kept;
    }
    await this.budget.spend('qr-draw', client, DRAWS_PER_MINUTE, 'Too many QR codes drawn');
    const drawn = await qrImage(text, format, size);
    this.keep(key, drawn);
    return drawn;
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
