import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ACCEPTS_MULTIPART } from '../decorators/accepts-multipart.decorator';
import { RAW_RESPONSE } from '../decorators/raw-response.decorator';
import { DomainError } from '../errors/domain-error';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * API bodies are JSON (or multipart where a route says so). Anything else would be silently
 * ignored by the body parser, so it is refused with 415 instead.
 */
@Injectable()
export class ContentTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      Number(req.headers['content-length'] ?? 0) > 0;
    if (!BODY_METHODS.has(req.method) || !hasBody || !req.path.startsWith('/api/')) return true;
    const targets = [ctx.getHandler(), ctx.getClass()];
    // Pages and legacy mounts (forms, old clients) parse their own bodies.
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, targets)) return true;
    const multipart = this.reflector.getAllAndOverride<true | 'or-json'>(
      ACCEPTS_MULTIPART,
      targets,
    );
    if (multipart === 'or-json' && req.is('application/json')) return true;
    if (multipart ? req.is('multipart/form-data') : req.is('application/json')) return true;
    throw new DomainError(
      415,
      'unsupported_media_type',
      `Content-Type must be ${multipart === 'or-json' ? 'multipart/form-data or application/json' : multipart ? 'multipart/form-data' : 'application/json'}`,
    );
  }
}
