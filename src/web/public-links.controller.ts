import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';
import { PAGE_SECURITY_HEADERS } from '../common/html/layout';
import { sendRedirect } from '../links/redirect/send-redirect';
import { Visit, VisitRequest, VisitsService } from '../links/redirect/visits.service';
import { renderPasswordPage } from './pages/password-page';

class UnlockDto {
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}

/** `/<slug>` on a short domain: the redirect, the password form, and (later) content pages. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class PublicLinksController {
  constructor(private readonly visits: VisitsService) {}

  @Get(':slug')
  async visit(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    const header = req.get('x-link-password');
    this.respond(res, await this.visits.visit(visitOf(req, slug, header), req.secure));
  }

  @Post(':slug')
  async unlock(
    @Param('slug') slug: string,
    @Body() body: UnlockDto,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const visit = visitOf(req, slug, body.password ?? '');
    this.respond(res, await this.visits.visit(visit, req.secure, true));
  }

  private respond(res: Response, visit: Visit): void {
    switch (visit.type) {
      case 'redirect':
        return sendRedirect(res, visit.status, visit.location);
      case 'locked':
        res.status(401).set(PAGE_SECURITY_HEADERS).set('Cache-Control', 'no-store');
        res.type('html').send(renderPasswordPage(visit.link.slug, visit.wrongPassword));
        return;
      case 'unlocked':
        // 303: the browser follows with a GET, which now carries the cookie.
        res.setHeader('Set-Cookie', visit.cookie);
        return sendRedirect(res, 303, `/${visit.link.slug}`);
      case 'content':
        throw notFound('Link');
    }
  }
}

const visitOf = (req: Request, slug: string, password: string | undefined): VisitRequest => ({
  host: req.headers.host,
  slug,
  ip: req.ip ?? 'unknown',
  cookies: req.headers.cookie,
  password,
  countable: req.method === 'GET',
});
