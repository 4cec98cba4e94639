import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import rangeParser from 'range-parser';
import { bytesKeyOf, StoredFile } from '../files/file.entity';
import { Storage } from '../files/storage/storage';
import { notFound } from '../common/errors/domain-error';
import type { ThumbSize } from '../files/media/thumbnail-sizes';
import { Thumbnails } from '../files/media/thumbnails';
import { isActiveContent } from '../files/upload/sniff';
import { contentDisposition } from './content-disposition';
import { FILE_BYTES_HEADERS } from './security-headers';

/**
 * Streams stored bytes with what browsers and CDNs expect: type, length, ETag, long caching,
 * single byte ranges (206/416). Types a browser would run are served so they cannot run here.
 */
@Injectable()
export class FileServer {
  constructor(
    private readonly storage: Storage,
    private readonly thumbnails: Thumbnails,
  ) {}

  /** The first `n` bytes of a file (or all of a smaller one). */
  async head(file: StoredFile, n: number): Promise<Buffer> {
    if (file.size === 0) return Buffer.alloc(0);
    const range = { start: 0, end: Math.min(n, file.size) - 1 };
    const chunks: Buffer[] = [];
    for await (const c of await this.storage.read(bytesKeyOf(file), range))
      chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /** A thumbnail (WebP, at most a few hundred KiB): whole, with its length; 404 when none. */
  async sendThumbnail(req: Request, res: Response, file: StoredFile, size: ThumbSize) {
    const bytes = await this.thumbnails.read(file, size);
    if (!bytes) throw notFound('Thumbnail');
    const etag = `"${file.sha256}-${size}"`;
    res.set({
      'Content-Type': 'image/webp',
      ETag: etag,
      'Last-Modified': file.createdAt.toUTCString(),
      ...FILE_BYTES_HEADERS,
      ...(file.isPrivate ? { 'Cache-Control': 'private, no-store' } : {}),
      'Content-Disposition': contentDisposition('inline', `${file.filename}.${size}.webp`),
    });
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.status(200).set('Content-Length', String(bytes.length));
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  async send(req: Request, res: Response, file: StoredFile): Promise<void> {
    const etag = `"${file.sha256}"`;
    // A PDF asked for inline (the frame of its page): the browser's viewer shows it, in a
    // document sandboxed by FILE_BYTES_HEADERS' CSP (chromium refuses its viewer in a frame with
    // a sandbox attribute, not in a sandboxed document).
    const viewed = file.mime === 'application/pdf' && req.query.inline === '1';
    const active = isActiveContent(file.mime) && !viewed;
    res.set({
      'Content-Type': file.mime.startsWith('text/') ? `${file.mime}; charset=utf-8` : file.mime,
      ETag: etag,
      'Last-Modified': file.createdAt.toUTCString(),
      ...FILE_BYTES_HEADERS,
      // A signed URL is one person's: no shared cache keeps it past the signature.
      ...(file.isPrivate ? { 'Cache-Control': 'private, no-store' } : {}),
      'Content-Disposition': contentDisposition(active ? 'attachment' : 'inline', file.filename),
    });
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    const ranges = req.headers.range ? rangeParser(file.size, req.headers.range) : -2;
    if (ranges === -1) {
      res.status(416).set('Content-Range', `bytes */${file.size}`).end();
      return;
    }
    // One range is served partially; several (rare) or a malformed header get the whole file.
    const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0] : undefined;
    if (range) {
      res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    } else {
      res.status(200);
    }
    res.set('Content-Length', String(range ? range.end - range.start + 1 : file.size));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = await this.storage.read(bytesKeyOf(file), range);
    await pipeline(body, res).catch(() => res.destroy());
  }
}
