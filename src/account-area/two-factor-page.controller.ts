import { Controller, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { formOutcome } from './forms/form-outcome';
import { PageForm } from './forms/page-query.decorator';
import { CodeForm, PasswordForm } from './forms/two-factor.forms';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { Viewer } from './pages';
import { SecurityPageData, SecurityPageView } from './security-page.view';
import { TwoFactorActions } from './two-factor-actions';

/** Two-factor codes on `/account/security`: enrol, confirm, new recovery codes, turn off. */
@AccountArea()
@Controller('account/2fa')
export class TwoFactorPageController {
  constructor(
    private readonly view: SecurityPageView,
    private readonly actions: TwoFactorActions,
  ) {}

  @Post('begin')
  begin(@CurrentViewer() v: Viewer, @Res() res: Response): Promise<void> {
    return this.act(v, res, () => this.actions.begin(v.account!));
  }

  @Post('confirm')
  confirm(@CurrentViewer() v: Viewer, @PageForm(CodeForm) f: CodeForm, @Res() res: Response) {
    return this.act(v, res, () => this.actions.confirm(v.account!, f.code ?? '', ua(res)));
  }

  @Post('recovery-codes')
  recoveryCodes(
    @CurrentViewer() v: Viewer,
    @PageForm(PasswordForm) f: PasswordForm,
    @Res() res: Response,
  ) {
    const password = f.password ?? '';
    return this.act(v, res, () => this.actions.newRecoveryCodes(v.account!, password, ua(res)));
  }

  @Post('disable')
  disable(
    @CurrentViewer() v: Viewer,
    @PageForm(PasswordForm) f: PasswordForm,
    @Res() res: Response,
  ) {
    return this.act(v, res, () => this.actions.disable(v.account!, f.password ?? '', ua(res)));
  }

  /** Does the work and shows the page with what came of it, or with its refusal. */
  private async act(v: Viewer, res: Response, work: () => Promise<SecurityPageData>) {
    const out = await formOutcome(work);
    if (out.error) return this.view.show(v, res, { error: out.error.message }, out.error.status);
    return this.view.show(v, res, out.ok);
  }
}

const ua = (res: Response) => res.req.headers['user-agent'];
