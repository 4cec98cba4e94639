import { randomBytes } from 'node:crypto';
import type { Envelope } from '../../common/envelope';

/** SM.MS v2's answer shape: `code` is a word, the HTTP status is always 200. */
export interface SmmsAnswer {
  success: boolean;
  code: string;
  message: string;
  data?: unknown;
  images?: string;
  RequestId: string;
}

const requestId = () => randomBytes(16).toString('hex').toUpperCase();

export const smmsSuccess = (message: string, data: unknown): SmmsAnswer => ({
  success: true,
  code: 'success',
  message,
  data,
  RequestId: requestId(),
});

export const smmsFailure = (code: string, message: string, extra: Partial<SmmsAnswer> = {}) => ({
  success: false,
  code,
  message,
  ...extra,
  RequestId: requestId(),
});

/** Our error envelope in SM.MS's words (its clients read `code` and `message`). */
export const smmsFromEnvelope = (e: Envelope<unknown>): SmmsAnswer =>
  smmsFailure(e.error === 'unauthorized' ? 'unauthorized' : (e.error ?? 'error'), e.message);
