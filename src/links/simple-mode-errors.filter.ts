import { applyDecorators, Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Envelope } from '../common/envelope';
import { AllExceptionsFilter } from '../common/filters/all-exceptions.filter';
import { ApiRaw } from '../common/openapi-responses';

/** Simple mode (`GET /shorten`) answers errors as the message alone, unless `json=true`. */
@Catch()
export class SimpleModeErrorsFilter extends AllExceptionsFilter {
  protected override send(req: Request, res: Response, body: Envelope<unknown>): void {
    if (req.query.json === 'true') return super.send(req, res, body);
    res.status(body.code).type('text/plain; charset=utf-8').send(body.message);
  }
}

/** The failures of simple mode in the OpenAPI document: the message as text, the real status. */
export const SimpleModeErrors = () =>
  applyDecorators(
    ...[400, 401, 409, 429].map((status) =>
      ApiRaw(
        { type: 'string', example: 'The slug "api" is reserved' },
        { status, mediaType: 'text/plain', description: 'The message (json=true: the envelope)' },
      ),
    ),
  );
