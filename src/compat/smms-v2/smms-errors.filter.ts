import { Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Envelope } from '../../common/envelope';
import { AllExceptionsFilter } from '../../common/filters/all-exceptions.filter';
import { smmsFromEnvelope } from './smms-shape';

/** SM.MS clients ignore the body of a non-2xx answer: failures are 200 there, in its shape. */
@Catch()
export class SmmsErrorsFilter extends AllExceptionsFilter {
  protected override send(_req: Request, res: Response, body: Envelope<unknown>): void {
    res.status(200).json(smmsFromEnvelope(body));
  }
}
