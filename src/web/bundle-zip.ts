import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { bytesKeyOf, StoredFile } from '../files/file.entity';
import { Storage } from '../files/storage/storage';
import { contentDisposition } from './content-disposition';

/** Names as a zip holds them: each once (`a.png`, `a (2).png`), no folders, no `..`. */
export function zipNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((raw) => {
    const clean = raw.replace(/[\\/]/g, '_').replace(/^\.+/, '') || 'file';
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    let name = clean;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/**
 * A bundle's files as one zip, streamed (yazl): each file's bytes are read from storage only
 * when the zip reaches it, stored as they are (photos and videos do not compress), so memory
 * stays flat however large the bundle; ZIP64 past 4 GiB.
 */
@Injectable()
export class BundleZip {
  constructor(private readonly storage: Storage) {}

  send(res: Response, name: string, files: StoredFile[]): void {
    const zip = new ZipFile();
    const names = zipNames(files.map((f) => f.filename));
    files.forEach((file, i) => {
      zip.addReadStreamLazy(
        names[i],
        { compress: false, size: file.size, mtime: file.createdAt },
        (done) => {
          this.storage.read(bytesKeyOf(file)).then(
            (stream) => done(null, stream),
            (e: unknown) => done(e, undefined as unknown as Readable),
          );
        },
      );
    });
    zip.end();
    res.status(200).set({
      'Content-Type': 'application/zip',
      'Content-Disposition': contentDisposition('attachment', `${name}.zip`),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    const out = zip.outputStream as Readable;
    // A storage read that fails mid-zip ends the answer (the client sees a cut download).
    out.on('error', () => res.destroy());
    res.on('close', () => out.destroy());
    out.pipe(res);
  }
}
