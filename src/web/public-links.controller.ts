import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { notFound } from '../common/errors/domain-error';
import { PAGE_SECURITY_HEADERS, pageSecurityHeaders } from '../common/html/layout';
import { Link } from '../links/link.entity';
import { sendRedirect } from '../links/redirect/send-redirect';
import { Visit, VisitRequest, VisitsService } from '../links/redirect/visits.service';
import { FileServer } from '../files/file-server';
import { renderFilePage } from '../files/file-page';
import { FilesService } from '../files/files.service';
import { TextPagesService } from '../texts/text-pages.service';
import { renderPasswordPage } from './pages/password-page';

class UnlockDto {
  @IsOptional() @IsString() @MaxLength(200) password?: string;
}

// Raw bytes of a share must never run as a page of ours.
const RAW_HEADERS = {
  'Content-Security-Policy': "sandbox; default-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-cache',
};

/** `/<slug>` on a short domain: the redirect, the password form, text pages, raw views. */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class PublicLinksController {
  constructor(
    private readonly visits: VisitsService,
    private readonly textPages: TextPagesService,
    private readonly files: FilesService,
    private readonly fileServer: FileServer,
  ) {}

  @Get(':slug')
  async visit(
    @Param('slug') slug: string,
    @Query('lang') lang: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const visit = await this.visits.visit(
      visitOf(req, slug, req.get('x-link-password')),
      req.secure,
    );
    await this.respond(req, res, visit, { lang: typeof lang === 'string' ? lang : undefined });
  }

  @Get(':slug/raw')
  async raw(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    const visit = await this.visits.visit(
      visitOf(req, slug, req.get('x-link-password')),
      req.secure,
    );
    await this.respond(req, res, visit, { raw: true });
  }

  @Post(':slug')
  async unlock(
    @Param('slug') slug: string,
    @Body() body: UnlockDto,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const visit = visitOf(req, slug, body.password ?? '');
    await this.respond(req, res, await this.visits.visit(visit, req.secure, true), {});
  }

  private async respond(
    req: Request,
    res: Response,
    visit: Visit,
    opts: { raw?: boolean; lang?: string },
  ): Promise<void> {
    switch (visit.type) {
      case 'redirect':
        if (opts.raw) throw notFound('Link');
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
        return this.sendContent(req, res, visit.link, opts);
    }
  }

  private async sendContent(
    req: Request,
    res: Response,
    link: Link,
    opts: { raw?: boolean; lang?: string },
  ) {
    if (link.kind === 'file') return this.sendFile(req, res, link, opts.raw === true);
    if (link.kind !== 'text') throw notFound('Link');
    const view = await this.textPages.view(
      link,
      { userAgent: req.get('user-agent'), method: req.method },
      opts.lang,
      opts.raw,
    );
    if (view.raw !== undefined) {
      res.status(200).set(RAW_HEADERS).type('text/plain; charset=utf-8').send(view.raw);
      return;
    }
    res.status(200).set(pageSecurityHeaders(view.nonce)).set('Cache-Control', 'private, no-cache');
    res.type('html').send(view.html ?? view.placeholder);
  }

  private async sendFile(req: Request, res: Response, link: Link, raw: boolean): Promise<void> {
    const file = await this.files.getByLink(link);
    if (raw) return this.fileServer.send(req, res, file);
    const shortUrl = this.files.pageUrlOf(link);
    res.status(200).set(PAGE_SECURITY_HEADERS).set('Cache-Control', 'private, no-cache');
    res.type('html').send(
      renderFilePage({
        filename: file.filename,
        mime: file.mime,
        size: file.size,
        width: file.width,
        height: file.height,
        rawUrl: `/${link.slug}/raw`,
        downloadUrl: link.passwordHash ? `/${link.slug}/raw` : this.files.urlOf(file),
        shortUrl,
        preview: !link.passwordHash,
      }),
    );
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
