import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import { DomainError } from '../../common/errors/domain-error';
import { Storage, storageKey } from '../storage/storage';
import { meterIntoStorage, ReceivedFile, UploadLimits } from './meter';

/** `file` (the spec), `legacyfile` (its alias), `smfile` (what SM.MS clients send). */
export const FILE_FIELDS = new Set(['file', 'legacyfile', 'smfile']);

/** What multer hands the controller for the one file part. */
export type UploadedFile = Express.Multer.File & { received: ReceivedFile };

/** `uploadLimits`: set by UploadLimitsInterceptor for an authenticated upload. */
export type UploadRequest = Request & { uploadLimits?: UploadLimits; fileSeen?: boolean };

export const badUpload = (message: string) => new DomainError(400, 'bad_request', message);

/**
 * multer's storage engine for uploads: streams the one file part into the storage driver through
 * the meter (type sniffing, SHA-256, the caller's plan limit and quota as the bytes arrive).
 * multer calls `_removeFile` for what was stored when the request fails later.
 */
export class StreamingStorageEngine implements StorageEngine {
  /** `keepMetadata`: UPLOAD_KEEP_METADATA (an upload may still ask to keep it). */
  constructor(
    private readonly storage: Storage,
    private readonly keepMetadata = false,
  ) {}

  _handleFile(
    req: UploadRequest,
    file: Express.Multer.File,
    cb: (error: Error | null, info?: Partial<UploadedFile>) => void,
  ): void {
    const refuse = (message: string) => {
      file.stream.resume();
      cb(badUpload(message));
    };
    if (!FILE_FIELDS.has(file.fieldname)) {
      return refuse(
        `Unexpected file field "${file.fieldname}"; send the file as "file" (or "smfile")`,
      );
    }
    if (req.fileSeen) return refuse('Send exactly one file per upload');
    req.fileSeen = true;
    if (!req.uploadLimits) return refuse('No account for this upload');
    const strip = !(this.keepMetadata || keepAsked(req));
    meterIntoStorage(file.stream, file.originalname, this.storage, req.uploadLimits, strip).then(
      (received) => cb(null, { received, size: received.size }),
      // Passed on as it is (a code such as ENOSPC decides the answer), whatever realm made it.
      (e: unknown) => cb(typeof e === 'object' && e !== null ? (e as Error) : new Error(String(e))),
    );
  }

  _removeFile(_req: Request, file: Partial<UploadedFile>, cb: (error: Error | null) => void): void {
    if (!file.received) return cb(null);
    this.storage.delete(storageKey(file.received.path)).then(
      () => cb(null),
      (e: Error) => cb(e),
    );
  }
}

/**
 * Whether the upload asks to keep its photo's metadata: `keep_metadata=1` (or `true`) in the
 * query, or as a field sent before the file part (the bytes are stored as they stream in, so a
 * field after the file comes too late to change them, and is refused).
 */
export const keepAsked = (req: Request): boolean =>
  [req.query?.keep_metadata, (req.body as Record<string, unknown> | undefined)?.keep_metadata].some(
    (v) => v === '1' || v === 'true',
  );

/** The one file an upload request carried, or a 400. */
export function receivedOf(uploaded: UploadedFile[] | undefined): ReceivedFile {
  const file = uploaded?.[0]?.received;
  if (!file) throw badUpload('No file part: send the file as "file"');
  return file;
}
