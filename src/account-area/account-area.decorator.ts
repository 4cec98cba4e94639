import { applyDecorators, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { LoginRedirectFilter } from './login-redirect.filter';
import { SessionGuard } from './session.guard';

/**
 * A controller of logged-in pages: no API token (the session cookie instead, CSRF-checked on
 * every state change), HTML answers, and the log-in page for a browser without a session.
 */
export const AccountArea = () =>
  applyDecorators(
    ApiExcludeController(),
    Public(),
    RawResponse(),
    UseGuards(SessionGuard),
    UseFilters(LoginRedirectFilter),
  );
