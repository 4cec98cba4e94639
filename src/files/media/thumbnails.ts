import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { bytesKeyOf, StoredFile, THUMBS } from '../file.entity';
import { FilesRepository } from '../files.repository';
import { Storage } from '../storage/storage';
import { isThumbnailable, THUMB_SIZES, thumbKey, ThumbSize } from './thumbnail-sizes';
import { Env } from '../../config/env';
import { ffmpegVersion, posterFrame } from '../../common/ffmpeg';

/** Past this many pixels an image gets no thumbnail (a decompression bomb never decodes). */
export const MAX_PIXELS = 100_000_000;
/** Background thumbnails start once no upload has ended for this long. */
const QUIET_MS = 1000;
/** A thumbnail that takes longer than this is given up (libvips stops the work). */
const TIME_BUDGET_SECONDS = 30;

// One libvips thread per image and no operation cache: a thumbnail never takes the whole
// machine, and memory goes back once it is made.
sharp.concurrency(1);
sharp.cache(false);

/**
 * Thumbnails of stored images, made with sharp (libvips) on its own threads, never on the event
 * loop: 320 and 1280 px on the longer side, WebP, EXIF orientation applied, stored beside the
 * bytes. One image at a time, in the background after an upload, or when a thumbnail is asked
 * for before it was made (images stored before thumbnails existed). An image that cannot be
 * read in bounds (too many pixels, cut short, too slow) is kept and just has none.
 */
@Injectable()
export class Thumbnails implements OnModuleDestroy {
  private readonly logger = new Logger(Thumbnails.name);
  private readonly making = new Map<string, Promise<boolean>>();
  private queue: Promise<unknown> = Promise.resolve();
  /** Uploads' thumbnails waiting for a quiet moment, by stored bytes. */
  private readonly deferred = new Map<string, StoredFile>();
  private quietFrom = 0;
  private timer?: NodeJS.Timeout;
  /** The ffmpeg making videos' poster frames, or null (videos then get no thumbnail). */
  private readonly ffmpeg: string | null;
  private readonly enabled: boolean;

  constructor(
    private readonly storage: Storage,
    private readonly files: FilesRepository,
    env: Env,
  ) {
    this.ffmpeg = ffmpegVersion(env.FFMPEG_PATH) ? env.FFMPEG_PATH : null;
    this.enabled = env.UPLOAD_THUMBNAILS;
  }

  /** Whether files of this type get thumbnails: images libvips reads, videos with ffmpeg. */
  handles(mime: string): boolean {
    if (!this.enabled) return false;
    return isThumbnailable(mime) || (this.ffmpeg !== null && mime.startsWith('video/'));
  }

  /** Makes the file's thumbnails after what is queued; true once they are there. */
  make(file: StoredFile): Promise<boolean> {
    const key = bytesKeyOf(file);
    let made = this.making.get(key);
    if (!made) {
      made = this.queue.then(() => this.makeNow(file, key)).finally(() => this.making.delete(key));
      this.queue = made.catch(() => undefined);
      this.making.set(key, made);
    }
    return made;
  }

  /**
   * Shutdown waits for the thumbnail being made (each has a time budget); those still waiting
   * stay `pending` in their records and are made when first asked for.
   */
  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.timer);
    this.deferred.clear();
    while (this.making.size > 0) await this.queue;
  }

  /** Resolves once every thumbnail asked for or waiting is made (or given up). */
  async idle(): Promise<void> {
    for (const file of this.deferred.values()) void this.make(file).catch(() => undefined);
    this.deferred.clear();
    while (this.making.size > 0) await this.queue;
  }

  /**
   * An upload ended: thumbnails made in the background wait until uploads have paused for
   * QUIET_MS, so they never take the core from the transfers still coming (one asked for is
   * made at once).
   */
  noteUpload(): void {
    this.quietFrom = Date.now() + QUIET_MS;
    this.wake();
  }

  /** A new file's thumbnails, in the background once uploads pause: written to its record. */
  schedule(file: StoredFile): void {
    this.deferred.set(bytesKeyOf(file), file);
    this.noteUpload();
  }

  private wake(): void {
    if (this.timer || this.deferred.size === 0) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        if (Date.now() < this.quietFrom) return this.wake();
        // Asked for meanwhile (made already), or flushed by idle(): nothing left to do.
        const next = this.deferred.entries().next();
        if (next.done) return;
        const [key, file] = next.value;
        this.deferred.delete(key);
        void this.make(file)
          .catch(() => undefined)
          .finally(() => this.wake());
      },
      Math.max(10, this.quietFrom - Date.now()),
    );
    this.timer.unref();
  }

  private async makeNow(file: StoredFile, key: string): Promise<boolean> {
    const started = Date.now();
    let download: string | null = null;
    try {
      let input = this.storage.localPath(key);
      if (!input) {
        // sharp would hold a stream whole: the bytes go to a file of their own first.
        download = join(tmpdir(), `linkdrop-thumb-${randomUUID()}`);
        await pipeline(await this.storage.read(key), createWriteStream(download));
        input = download;
      }
      // A video's poster frame, then the same as an image.
      const frame = file.mime.startsWith('video/')
        ? await posterFrame(this.ffmpeg!, input, TIME_BUDGET_SECONDS)
        : input;
      if (!frame) throw new Error('no frame found in the video');
      const image = sharp(frame, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
        .timeout({ seconds: TIME_BUDGET_SECONDS })
        .rotate();
      const [small, large] = THUMB_SIZES;
      const big = await image
        .resize(large, large, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const tile = await sharp(big)
        .resize(small, small, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 75 })
        .toBuffer();
      const thumbs = [thumbKey(key, large), thumbKey(key, small)];
      await this.storage.put(thumbs[0], Readable.from([big]), 'image/webp');
      await this.storage.put(thumbs[1], Readable.from([tile]), 'image/webp');
      await this.files.setThumbs(file.linkId, THUMBS.made);
      // Its last record deleted while they were made: the deletion took the bytes and the
      // thumbnails there were then, not these. (Deleted after this read, it takes these too.)
      if (!(await this.files.bytesInUse(key))) {
        await Promise.all(thumbs.map((k) => this.storage.delete(k)));
        return false;
      }
      return true;
    } catch (e) {
      const took = Date.now() - started;
      this.logger.warn(`no thumbnail for ${file.path} (${took} ms): ${(e as Error).message}`);
      await this.files.setThumbs(file.linkId, THUMBS.failed).catch(() => undefined);
      return false;
    } finally {
      if (download) await rm(download, { force: true });
    }
  }

  /** A thumbnail's bytes, made first if it is still to be made; null when there is none. */
  async read(file: StoredFile, size: ThumbSize): Promise<Buffer | null> {
    this.deferred.delete(bytesKeyOf(file));
    if (file.thumbs === THUMBS.pending && !(await this.make(file))) return null;
    if (file.thumbs === THUMBS.none || file.thumbs === THUMBS.failed) return null;
    const chunks: Buffer[] = [];
    try {
      for await (const c of await this.storage.read(thumbKey(bytesKeyOf(file), size))) {
        chunks.push(c as Buffer);
      }
    } catch {
      return null; // the storage lost it: the file is shown without one
    }
    return Buffer.concat(chunks);
  }
}
