import { Transform, TransformCallback } from 'node:stream';
import { ByteQueue } from './byte-queue';
import { FormatParser } from './format-scrubber';
import { HeifScrubber } from './heif-scrubber';
import { JpegScrubber } from './jpeg-scrubber';
import { PngScrubber } from './png-scrubber';
import { TiffScrubber } from './tiff-scrubber';
import { WebpScrubber } from './webp-scrubber';

/**
 * A pass-through stream that strips (or, with `strip` false, only looks for) identifying
 * metadata of a JPEG, PNG, WebP, AVIF, HEIC or TIFF image. Bytes that are not what their header
 * promised pass as they are; a file cut short ends with its unread remnant zeroed when stripping.
 */
export class MetadataScrubber extends Transform {
  private readonly q = new ByteQueue();

  constructor(private readonly format: FormatParser) {
    super();
  }

  /** Whether the image held identifying metadata (stripped or kept). */
  get found(): boolean {
    return this.format.found;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.q.push(chunk);
    this.format.feed(this.q, (b) => this.push(b));
    done();
  }

  override _flush(done: TransformCallback): void {
    this.format.finish(this.q.takeAll(), (b) => this.push(b));
    done();
  }
}

const FORMATS: Record<string, (strip: boolean) => FormatParser> = {
  'image/jpeg': (strip) => new JpegScrubber(strip),
  'image/png': (strip) => new PngScrubber(strip),
  'image/webp': (strip) => new WebpScrubber(strip),
  'image/avif': (strip) => new HeifScrubber(strip),
  'image/heic': (strip) => new HeifScrubber(strip),
  'image/heif': (strip) => new HeifScrubber(strip),
  'image/tiff': (strip) => new TiffScrubber(strip),
};

/** Whether images of this type have their metadata stripped. */
export const isScrubbable = (mime: string) => Object.hasOwn(FORMATS, mime);

/** The scrubber of a sniffed type, or null for a type it does not read. */
export function scrubberFor(mime: string, strip: boolean): MetadataScrubber | null {
  return isScrubbable(mime) ? new MetadataScrubber(FORMATS[mime](strip)) : null;
}
