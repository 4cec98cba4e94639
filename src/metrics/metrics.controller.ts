import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { Metrics } from './metrics';

/** Prometheus text format; off unless METRICS_ENABLED, and behind METRICS_TOKEN when set. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    private readonly env: Env,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() res: Response) {
    if (!this.env.METRICS_ENABLED) throw notFound('Route');
    const token = this.env.METRICS_TOKEN;
    if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) {
      throw new DomainError(401, 'unauthorized', 'Send the metrics token as Bearer <token>');
    }
    const body = await this.metrics.registry.metrics();
    // setHeader: Express's res.type() would reorder the parameters Prometheus reads.
    res.setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));
