import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';

export const RAW_RESPONSE = 'linkdrop:raw-response';

const RAW = Symbol('linkdrop:raw-response');

/** Tells the adapter (EnvelopeExpressAdapter) that this answer is the handler's own. */
class MarkRawResponse implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    (ctx.switchToHttp().getResponse<Response>().locals as Record<symbol, boolean>)[RAW] = true;
    return true;
  }
}

/** The handler writes its own answer (redirects, pages, plain text, legacy shapes): no envelope. */
export const RawResponse = () =>
  applyDecorators(SetMetadata(RAW_RESPONSE, true), UseGuards(MarkRawResponse));

export const isRawResponse = (res: Response): boolean =>
  (res.locals as Record<symbol, boolean | undefined>)[RAW] === true;

const SEE = Symbol('linkdrop:see-response');

class MarkSeeResponse implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    (ctx.switchToHttp().getResponse<Response>().locals as Record<symbol, boolean>)[SEE] = true;
    return true;
  }
}

/** The answer is S.EE's `{ code, message, data }` (see ApiSeeData, which declares it too). */
export const SeeResponse = () => UseGuards(MarkSeeResponse);

export const isSeeResponse = (res: Response): boolean =>
  (res.locals as Record<symbol, boolean | undefined>)[SEE] === true;
