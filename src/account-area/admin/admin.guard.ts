import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import type { SessionRequest } from '../session.guard';
import { tk } from '../../i18n/i18n';

/** After SessionGuard: only accounts with the admin role. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.switchToHttp().getRequest<SessionRequest>().account?.isAdmin) return true;
    throw new DomainError(403, 'forbidden', tk('Only administrators may open this page'));
  }
}
