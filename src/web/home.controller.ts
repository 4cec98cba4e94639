import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { escapeHtml } from '../common/escape-html';
import { notFound } from '../common/errors/domain-error';
import { DomainsService } from '../domains/domains.service';
import { sendRedirect } from '../links/visits/send-redirect';
import { renderPage } from './pages/layout';
import { pageHeaders } from './security-headers';

/** `/`: a custom domain's root redirect, or a small page saying what lives here. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class HomeController {
  constructor(private readonly domains: DomainsService) {}

  @Get()
  home(@Req() req: Request, @Res() res: Response): void {
    const domain = this.domains.forRequest(req.headers.host);
    if (!domain) throw notFound('Page');
    const to = this.domains.settingsOf(domain.id)?.rootRedirectUrl;
    if (to) return sendRedirect(res, 302, to);
    const host = escapeHtml(domain.host);
    res.status(200).set(pageHeaders()).type('html');
    res.send(
      renderPage(
        domain.host,
        `<h1>${host}</h1><p>Short links, texts and files, shared with Linkdrop.</p>`,
      ),
    );
  }
}
