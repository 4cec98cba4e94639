import { Catch } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Envelope } from '../../common/envelope';
import { AllExceptionsFilter } from '../../common/filters/all-exceptions.filter';
import { formatOf, paramsOf } from './yourls.params';
import { sendYourls } from './yourls-output';

/** YOURLS clients read `{ message, errorCode }` in the format they asked for. */
@Catch()
export class YourlsErrorsFilter extends AllExceptionsFilter {
  protected override send(req: Request, res: Response, body: Envelope<unknown>): void {
    const params = paramsOf(req);
    const result = {
      body: { message: body.message, errorCode: String(body.code) },
      simple: body.message,
    };
    sendYourls(res, formatOf(params.format), result, params.callback);
  }
}
