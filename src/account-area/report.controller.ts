import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AbuseReportsService } from '../admin/abuse-reports.service';
import { checkFormToken, formToken } from '../auth/sessions/session-cookies';
import { Public } from '../common/decorators/public.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { DomainError } from '../common/errors/domain-error';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { filled } from './form';
import { Pages } from './pages';

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
  form(@Query('url') url: unknown, @Req() req: Request, @Res() res: Response): void {
    const data = { url: typeof url === 'string' ? url.slice(0, 2048) : '', sent: false };
    this.pages.send(res, 'report', 'Report abuse', {}, { ...data, formToken: formToken(req, res) });
  }

  // Limited per IP as sign-ups are: a form anyone may post.
  @Post()
  @AuthAttempt('signup')
  async send(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    checkFormToken(req);
    const form = filled(body, ['url', 'reason', 'details', 'email']);
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
        { ...data, sent: true, notice: 'Thank you: the report was sent to the administrators' },
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
