import { Inject, Injectable, Logger } from '@nestjs/common';
import { Locker, Server, Upload } from '@tus/server';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
// Not re-exported by the package; the 1.x line this build pins (CommonJS) keeps it at this path.
import { validateHeader } from '@tus/server/dist/validators/HeaderValidator';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { DomainError, ErrorCode, invalid } from '../../common/errors/domain-error';
import { errorEnvelope } from '../../common/envelope';
import { isStorageFull, storageFull } from '../../common/errors/storage-full';
import { redactUrl } from '../../common/filters/all-exceptions.filter';
import { Env } from '../../config/env';
import { CreateLargeUploadDto } from './large-upload.dto';
import { LargeUploadsService } from './large-uploads.service';
import { tusChecksum, TusError } from './arrival-hashes';
import { LargeUploadStore } from './large-upload-store';
import { newUploadId } from './upload-ids';
import { UploadFinisher } from './upload-finisher';
import { TUS_LOCKER } from './shared-tus-locker';
import { PlanLimits } from '../../auth/plans/plan-limits';

export const TUS_PATH = '/api/v1/file/large-file-tus';

const TUS_ERRORS: Record<number, ErrorCode> = {
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  423: 'upload_locked',
  460: 'checksum_mismatch',
  500: 'internal_error',
};

const logger = new Logger('Errors');

type AuthedRequest = IncomingMessage & { account?: AuthenticatedAccount };

/** A failure in our envelope, as the tus server sends a hook's error. */
const tusError = (e: unknown) => {
  if (!(e instanceof DomainError)) return e;
  return new TusError(e.status, JSON.stringify(errorEnvelope(e.status, e.code, e.message, e.data)));
};

/**
 * @tus/server over the tus store: tus 1.0 with creation, creation-with-upload, termination,
 * expiration and checksum (sha256). A tus POST begins a session as S.EE's create call does; the last byte of any
 * upload makes its file record.
 */
@Injectable()
export class TusHandler {
  readonly server: Server;

  constructor(
    store: LargeUploadStore,
    uploads: LargeUploadsService,
    finisher: UploadFinisher,
    env: Env,
    @Inject(TUS_LOCKER) locker: Locker,
    limits: PlanLimits,
  ) {
    this.server = new Server({
      path: TUS_PATH,
      datastore: store.tus,
      locker,
      // Location is on the host the client used (X-Forwarded-* from a trusted proxy).
      respectForwardedHeaders: env.TRUST_PROXY !== false,
      namingFunction: () => newUploadId(new Date()),
      maxSize: (req) => {
        const account = (req as AuthedRequest).account;
        return account ? limits.maxFileBytes(account) : 0;
      },
      onUploadCreate: async (req, res, upload) => {
        try {
          await uploads.begin((req as AuthedRequest).account!, fromMetadata(upload), upload.id);
          return res;
        } catch (e) {
          throw tusError(e);
        }
      },
      // tus's own refusals (a bad Upload-Offset...) in our envelope, as every API failure.
      onResponseError: (req, res, err) => {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        // Either store's full disk (its part, or the S3 store's spool for a chunk to check).
        if (isStorageFull(err)) {
          logger.error(`storage full: ${req.method} ${redactUrl(req.url ?? '')}`);
          return Promise.resolve(tusError(storageFull()) as TusError);
        }
        const status = 'status_code' in err ? err.status_code : 500;
        const text = 'body' in err ? err.body.trim() : 'Internal error';
        if (text.startsWith('{')) return Promise.resolve({ status_code: status, body: text });
        const e = new DomainError(status, TUS_ERRORS[status] ?? 'bad_request', text);
        return Promise.resolve(tusError(e) as TusError);
      },
      onUploadFinish: async (req, res, upload) => {
        try {
          const account = (req as AuthedRequest).account!;
          const done = await finisher.finish(account, await uploads.owned(account.id, upload.id));
          // tus clients ignore a body; others get the record.
          return { res, headers: { 'X-File-Id': done.file.file_id } };
        } catch (e) {
          throw tusError(e);
        }
      },
    });
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'OPTIONS') res.setHeader('Tus-Checksum-Algorithm', 'sha256');
    else if (req.headers['tus-resumable'] === undefined) {
      throw new DomainError(412, 'precondition_failed', 'Tus-Resumable: 1.0.0 is required');
    } else checkTusHeaders(req);
    await tusChecksum.run(checksumOf(req), () => this.server.handle(req, res));
  }
}

/**
 * tus's own header checks, made first so that a refusal is in our envelope (the tus server
 * writes these as bare text): a bad `Upload-Length` or `Upload-Offset` is a 400, a `PATCH` that
 * is not `application/offset+octet-stream` a 415.
 */
function checkTusHeaders(req: IncomingMessage): void {
  const bad = Object.keys(req.headers).filter(
    (name) =>
      (name !== 'content-type' || req.method === 'PATCH') &&
      !validateHeader(name, req.headers[name] as string | undefined),
  );
  if (bad.includes('content-type')) {
    throw new DomainError(
      415,
      'unsupported_media_type',
      'Content-Type must be application/offset+octet-stream',
    );
  }
  if (bad.length) {
    const errors = Object.fromEntries(bad.map((h) => [h, [`${h} is not valid for tus 1.0`]]));
    throw new DomainError(400, 'validation_failed', `Invalid ${bad.join(', ')}`, { errors });
  }
}

/** Our fields from a tus client's `Upload-Metadata` (all text), checked as S.EE's create call. */
function fromMetadata(upload: Upload): CreateLargeUploadDto {
  const m = upload.metadata ?? {};
  const text = (k: string) => m[k] ?? undefined;
  const plain = {
    file_name: text('filename') ?? text('name') ?? 'upload',
    file_size: upload.size ?? -1,
    alias: text('alias') ?? text('custom_slug'),
    domain: text('domain'),
    title: text('title'),
    description: text('description'),
    password: text('password'),
    expire_at: text('expire_at') !== undefined ? Number(text('expire_at')) : undefined,
    is_private: ['1', 'true'].includes(text('is_private') ?? '') ? 1 : undefined,
    keep_metadata: ['1', 'true'].includes(text('keep_metadata') ?? '') ? 1 : undefined,
    unfurl: text('unfurl'),
    max_visits: text('max_visits') !== undefined ? Number(text('max_visits')) : undefined,
    bundle_id: text('bundle_id') !== undefined ? Number(text('bundle_id')) : undefined,
    mime_type: text('filetype') ?? text('mime_type'),
  };
  if (plain.file_size < 0) throw tusError(invalid('Upload-Length', 'Upload-Length is required'));
  const dto = plainToInstance(CreateLargeUploadDto, plain);
  const [first] = validateSync(dto);
  if (first) {
    const message = Object.values(first.constraints ?? {})[0] ?? `${first.property} is invalid`;
    throw tusError(invalid(first.property, message));
  }
  return dto;
}

/** The digest of `Upload-Checksum: sha256 <base64>`; another algorithm is a 400. */
function checksumOf(req: IncomingMessage): string | undefined {
  const header = req.headers['upload-checksum'];
  if (header === undefined) return undefined;
  const m = /^sha256 ([A-Za-z0-9+/]{43}=)$/.exec(String(header).trim());
  if (!m) {
    throw new DomainError(400, 'bad_request', 'Upload-Checksum must be "sha256 <base64 digest>"');
  }
  return m[1];
}
