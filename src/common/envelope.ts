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
