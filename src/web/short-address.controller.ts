import { IsAbsentOr } from '../common/validators/is-absent-or';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { isCountable } from '../analytics/capture/countable';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError } from '../common/errors/domain-error';
import { VisitRequest, VisitsService } from '../links/resolve/visits.service';
import { ShareResponder } from './share-responder';
import { visitSourceOf } from './visit-source';

class UnlockDto {
  @IsAbsentOr() @IsString() @MaxLength(200) password?: string;
}

/**
 * `/<slug>` on a short domain, whatever its kind: the redirect (when the fast path did not
 * answer it), the password form, a text's or a file's page, and `/<slug>/raw`.
 */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller()
export class ShortAddressController {
  constructor(
    private readonly visits: VisitsService,
    private readonly responder: ShareResponder,
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
    await this.responder.respond(req, res, visit, {
      lang: typeof lang === 'string' ? lang : undefined,
    });
  }

  @Get(':slug/raw')
  async raw(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    const visit = await this.visits.visit(
      { ...visitOf(req, slug, req.get('x-link-password')), raw: true },
      req.secure,
    );
    await this.responder.respond(req, res, visit, { raw: true });
  }

  /** A bundle's files as one zip (a visit of the bundle, counted once). */
  @Get(':slug/zip')
  async zip(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    const visit = await this.visits.visit(
      { ...visitOf(req, slug, req.get('x-link-password')), zip: true },
      req.secure,
    );
    await this.responder.respond(req, res, visit, { zip: true });
  }

  /**
   * "Reveal" on a one-time text's page: the one request that shows it and uses it up (its raw
   * bytes at `POST /<slug>/raw`). A form another site posts is refused: it could burn a text
   * nobody meant to read.
   */
  @Post(':slug/reveal')
  async reveal(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    await this.revealed(slug, req, res, false);
  }

  @Post(':slug/raw')
  async revealRaw(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response) {
    await this.revealed(slug, req, res, true);
  }

  private async revealed(slug: string, req: Request, res: Response, raw: boolean) {
    if (req.get('sec-fetch-site') === 'cross-site') {
      throw new DomainError(403, 'forbidden', 'A text is revealed from its own page only');
    }
    const asked = visitOf(req, slug, req.get('x-link-password'));
    const visit = { ...asked, raw, reveal: true, countable: true };
    await this.responder.respond(req, res, await this.visits.visit(visit, req.secure), {
      raw,
      reveal: true,
    });
  }

  @Post(':slug')
  async unlock(
    @Param('slug') slug: string,
    @Body() body: UnlockDto,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const visit = visitOf(req, slug, body.password ?? '');
    await this.responder.respond(req, res, await this.visits.visit(visit, req.secure, true), {});
  }
}

const visitOf = (req: Request, slug: string, password: string | undefined): VisitRequest => ({
  host: req.headers.host,
  slug,
  ip: req.ip ?? 'unknown',
  cookies: req.headers.cookie,
  password,
  countable: isCountable(req.method, req.headers.range),
  ...visitSourceOf(req),
});
