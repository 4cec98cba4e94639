/** Stable, machine-readable error strings of the API (the `error` field of the envelope). */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'malformed_json',
  'unauthorized',
  'invalid_credentials',
  'plan_inactive',
  'account_disabled',
  'password_required',
  'forbidden',
  'insufficient_scope',
  'signup_closed',
  'not_found',
  'method_not_allowed',
  'conflict',
  'email_taken',
  'slug_taken',
  'slug_reserved',
  'domain_not_allowed',
  'domain_taken',
  'domain_in_use',
  'url_not_allowed',
  'plan_limit',
  'gone',
  'payload_too_large',
  'file_too_large',
  'content_too_large',
  'quota_exceeded',
  'empty_file',
  'unsupported_media_type',
  'precondition_failed',
  'checksum_mismatch',
  'upload_locked',
  'csrf_failed',
  'rate_limited',
  'insufficient_storage',
  'service_unavailable',
  'not_implemented',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A rule of the service was broken. Services throw these (never HttpException); the one exception
 * filter turns them into the envelope with `status` as the HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') =>
  new DomainError(404, 'not_found', `${what} not found`);

export const invalid = (field: string, message: string) =>
  new DomainError(400, 'validation_failed', message, { errors: { [field]: [message] } });
