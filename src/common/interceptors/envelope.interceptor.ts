import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator';
import { successEnvelope } from '../envelope';

/** Wraps every handler result in `{ code, success, message, data }` unless it is @RawResponse(). */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const raw = this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [
      ctx.getHandler(),
      ctx.getClass(),
    ]);
    if (raw || ctx.getType() !== 'http') return next.handle();
    const res = ctx.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      map((data: unknown) =>
        // A download (CSV...) is its own answer.
        data instanceof StreamableFile ? data : successEnvelope(res.statusCode, data ?? null),
      ),
    );
  }
}
