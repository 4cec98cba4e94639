import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthenticatedAccount } from './authenticated-account';

/** The account the global guard authenticated (undefined on @Public() routes). */
export const CurrentAccount = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): AuthenticatedAccount | undefined =>
    ctx.switchToHttp().getRequest<Request & { account?: AuthenticatedAccount }>().account,
);
