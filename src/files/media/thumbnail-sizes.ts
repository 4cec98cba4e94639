/** The longer side of each thumbnail, in pixels: a grid tile, and a page or lightbox view. */
export const THUMB_SIZES = [320, 1280] as const;
export type ThumbSize = (typeof THUMB_SIZES)[number];

/**
 * The image types thumbnails are made of (GIF: its first frame; videos too, with ffmpeg). Not SVG: it is never rasterised
 * from untrusted input. Not HEIC: libvips as sharp ships it cannot decode it.
 */
const THUMBNAILED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

export const isThumbnailable = (mime: string) => THUMBNAILED.has(mime);

/** Where a thumbnail is stored: beside the bytes it is made of, in the same storage. */
export const thumbKey = (bytesKey: string, size: ThumbSize) => `${bytesKey}.${size}.webp`;
