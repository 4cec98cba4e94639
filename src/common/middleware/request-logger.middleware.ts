import { Injectable, Logger, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { redactUrl } from '../filters/all-exceptions.filter';

/** One JSON line per request, written when the answer is finished; tokens are redacted. */
@Injectable()
export class RequestLoggerMiddleware implements NestMiddleware {
  private readonly logger = new Logger('HTTP');

  use(req: Request, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      this.logger.log({
        method: req.method,
        url: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - start) / 1e6,
        ip: req.ip,
        bytes: Number(res.getHeader('content-length') ?? 0),
      });
    });
    next();
  }
}
