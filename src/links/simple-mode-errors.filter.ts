import { Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Envelope } from '../common/envelope';
import { AllExceptionsFilter } from '../common/filters/all-exceptions.filter';

/** Simple mode (`GET /shorten`) answers errors as the message alone, unless `json=true`. */
@Catch()
export class SimpleModeErrorsFilter extends AllExceptionsFilter {
  protected override send(req: Request, res: Response, body: Envelope<unknown>): void {
    if (req.query.json === 'true') return super.send(req, res, body);
    res.status(body.code).type('text/plain; charset=utf-8').send(body.message);
  }
}
