import { StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { Readable } from 'node:stream';

/**
 * A CSV download of rows made as it is read. When the client goes away the rows stop being made:
 * Nest only unpipes the stream from a closed response, which left it reading pages ahead for a
 * reader that never came back.
 */
export function csvDownload(rows: Readable, name: string, res: Response): StreamableFile {
  res.once('close', () => rows.destroy());
  return new StreamableFile(rows, {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}"`,
  });
}
