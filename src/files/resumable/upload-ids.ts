import { randomBytes } from 'node:crypto';

/**
 * A resumable upload's id: its UTC day (`yyyymmdd`) and 24 random hex digits, 32 characters in
 * all. The day places the finished bytes in the date layout of normal uploads on S3.
 */
export function newUploadId(now: Date): string {
  return now.toISOString().slice(0, 10).replace(/-/g, '') + randomBytes(12).toString('hex');
}

/** Where the tus S3 store writes an upload: `yyyy/mm/dd/<12 hex>/<upload id>`. */
export function objectKeyOf(uploadId: string): string {
  const day = `${uploadId.slice(0, 4)}/${uploadId.slice(4, 6)}/${uploadId.slice(6, 8)}`;
  return `${day}/${uploadId.slice(8, 20)}/${uploadId}`;
}
