import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AbuseReportsService } from '../admin/abuse-reports.service';
import { checkFormToken, formToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { Pages } from './pages';
import { PageForm, PageQuery } from './forms/page-query.decorator';
import { AddressQuery, ReportForm } from './forms/share.forms';
import { tk } from '../i18n/i18n';

/** `/report`: anyone tells the admins about an abusive share (linked from every share page). */
@ApiExcludeController()
@Public()
@RawResponse()
@Controller('report')
export class ReportController {
  constructor(
    private readonly pages: Pages,
    private readonly reports: AbuseReportsService,
  ) {}

  @Get()
  form(
    @PageQuery(AddressQuery) query: AddressQuery,
    @Req() req: Request,
    @Res() res: Response,
  ): void {
    const data = { url: query.url ?? '', sent: false };
    this.pages.send(res, 'report', 'Report abuse', {}, { ...data, formToken: formToken(req, res) });
  }

  // Limited per IP as sign-ups are: a form anyone may post.
  @Post()
  @AuthAttempt('signup')
  async send(
    @PageForm(ReportForm) form: ReportForm,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    checkFormToken(req);
    const data = { url: form.url ?? '', formToken: formToken(req, res) };
    try {
      await this.reports.report({
        url: form.url ?? '',
        reason: form.reason ?? '',
        details: form.details ?? '',
        email: form.email,
        ip: req.ip ?? '',
      });
      this.pages.send(
        res,
        'report',
        'Report abuse',
        {},
        { ...data, sent: true, notice: tk('Thank you: the report was sent to the administrators') },
      );
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      this.pages.send(
        res,
        'report',
        'Report abuse',
        {},
        { ...data, sent: false, error: e.message },
        e.status,
      );
    }
  }
}
