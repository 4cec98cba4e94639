import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { FLOW_COOKIE } from '../auth/oidc/sign-in-flow';
import { SingleSignOn } from '../auth/oidc/single-sign-on.service';
import { cookieHeader, readCookie } from '../common/cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { Env } from '../config/env';
import { safeNext } from './form';
import { formOutcome } from './forms/form-outcome';
import { PageQuery } from './forms/page-query.decorator';
import { AddressQuery } from './forms/share.forms';
import { FrontDoorView } from './front-door.view';

/** Single sign-on: `/auth/oidc/<name>` to the provider, `/auth/oidc/<name>/callback` back. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('auth/oidc/:name')
export class SingleSignOnController {
  constructor(
    private readonly sso: SingleSignOn,
    private readonly view: FrontDoorView,
    private readonly env: Env,
  ) {}

  @Get()
  async start(
    @Param('name') name: string,
    @PageQuery(AddressQuery) q: AddressQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const { url, sealed } = await this.sso.start(name, safeNext(q.next));
    res.append('Set-Cookie', this.flowCookie(req, sealed, 600));
    res.redirect(303, url);
  }

  @Get('callback')
  async callback(@Param('name') name: string, @Req() req: Request, @Res() res: Response) {
    const sealed = readCookie(req.headers.cookie, FLOW_COOKIE);
    // The flow's cookie is spent whatever comes of it: a return cannot be replayed.
    res.append('Set-Cookie', this.flowCookie(req, '', 0));
    const here = new URL(req.originalUrl, this.env.PUBLIC_URL);
    const out = await formOutcome(() =>
      this.sso.finish(name, here, sealed, req.headers['user-agent']),
    );
    if (!out.error) return this.view.logIn(out.ok.accountId, req, res, out.ok.next);
    this.view.form(req, res, 'login', { email: '', error: out.error.message }, out.error.status);
  }

  private flowCookie(req: Request, value: string, maxAge: number): string {
    return cookieHeader(FLOW_COOKIE, value, { path: '/auth/oidc', maxAge, secure: req.secure });
  }
}
