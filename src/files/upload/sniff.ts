import { fromBuffer } from 'file-type';
import { imageSize } from 'image-size';

export interface Sniffed {
  mime: string;
  ext: string;
}

/** How many leading bytes are kept for sniffing the type and reading image dimensions. */
export const HEAD_BYTES = 128 * 1024;

/** The type from the bytes (never from the client): magic numbers, then a look at text. */
export async function sniff(head: Buffer): Promise<Sniffed> {
  let found: Awaited<ReturnType<typeof fromBuffer>>;
  try {
    found = await fromBuffer(head);
  } catch {
    // The first bytes promise a format and the rest is missing (a PNG signature alone: file-type
    // reads past the end). Still a file: stored as bytes of no known type.
    return { mime: 'application/octet-stream', ext: 'bin' };
  }
  if (found) return { mime: found.mime, ext: found.ext };
  if (head.includes(0)) return { mime: 'application/octet-stream', ext: 'bin' };
  const text = head.subarray(0, 4096).toString('utf8').trimStart().toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(text)) {
    return { mime: 'image/svg+xml', ext: 'svg' };
  }
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>]|<script[\s>])/.test(text)) {
    return { mime: 'text/html', ext: 'html' };
  }
  if (/^<\?xml/.test(text)) return { mime: 'application/xml', ext: 'xml' };
  return { mime: 'text/plain', ext: 'txt' };
}

/** Pixel size read from the image header; 0×0 for anything else or anything unreadable. */
export function dimensions(head: Buffer, mime: string): { width: number; height: number } {
  if (!mime.startsWith('image/')) return { width: 0, height: 0 };
  try {
    const { width = 0, height = 0, orientation } = imageSize(head);
    // EXIF orientations 5-8 turn the picture by 90°: report what a viewer shows.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return { width: 0, height: 0 };
  }
}

/** Types a browser would run or render as a document of ours: served as downloads, sandboxed. */
export const isActiveContent = (mime: string) =>
  /^(text\/html|image\/svg\+xml|application\/(xhtml\+)?xml|text\/xml|application\/javascript|text\/javascript|application\/x-shockwave-flash|application\/pdf)/.test(
    mime,
  );
