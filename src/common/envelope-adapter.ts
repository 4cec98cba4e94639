import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';
import { isRawResponse, isSeeResponse } from './decorators/raw-response.decorator';
import { seeEnvelope, successEnvelope } from './envelope';

/**
 * Express, with every handler's result wrapped in `{ code, success, message, data }` (S.EE's
 * `{ code, message, data }` on a @SeeResponse() route) unless the route is @RawResponse(). This is where Nest hands a result to Express; an interceptor would do
 * the same through rxjs and two async resources per request, which cost a third of a simple
 * request's time on Node 20 (see docs/performance.md).
 */
export class EnvelopeExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number): unknown {
    // A download (CSV...) is its own answer. `code` is the status the handler left, as before
    // Nest applies the route's own (@HttpCode).
    const enveloped =
      body instanceof StreamableFile || isRawResponse(response)
        ? body
        : isSeeResponse(response)
          ? seeEnvelope(response.statusCode, body ?? null)
          : successEnvelope(response.statusCode, body ?? null);
    return super.reply(response, enveloped, statusCode) as unknown;
  }
}
