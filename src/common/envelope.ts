import { ErrorCode } from './errors/domain-error';

/** The one response shape of the API. `code` always equals the HTTP status. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  message: string;
  data: T;
  error?: ErrorCode;
}

export const successEnvelope = <T>(code: number, data: T, message = 'success'): Envelope<T> => ({
  code,
  success: code < 400,
  message,
  data,
});

/** A success on S.EE's own paths outside file operations: S.EE's shape, no `success`. */
export const seeEnvelope = <T>(code: number, data: T, message = 'success') => ({
  code,
  message,
  data,
});

/** A failure: `code` the HTTP status, `error` the stable string. */
export const errorEnvelope = (
  code: number,
  error: ErrorCode,
  message: string,
  data: unknown = null,
): Envelope<unknown> => ({ code, success: false, message, data, error });
