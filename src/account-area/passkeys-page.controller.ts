import { Controller, Param, ParseIntPipe, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Passkeys } from '../auth/passkeys/passkeys.service';
import { keepCeremony, sendRefusal, takeCeremony } from './passkey-ceremony';
import { DomainError } from '../common/errors/domain-error';
import { tk } from '../i18n/i18n';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { formOutcome } from './forms/form-outcome';
import { NewPasskeyForm, PasskeyNameForm } from './forms/passkey.forms';
import { PageForm } from './forms/page-query.decorator';
import { Viewer } from './pages';
import { SecurityPageView } from './security-page.view';

/** Passkeys on `/account/security`: added (JSON, from app.js), renamed, removed. */
@AccountArea()
@Controller('account/passkeys')
export class PasskeysPageController {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly view: SecurityPageView,
  ) {}

  @Post('options')
  async options(@CurrentViewer() v: Viewer, @Req() req: Request, @Res() res: Response) {
    const { id, email } = v.account!;
    const { options, sealed } = await this.passkeys.registrationOptions(id, email);
    keepCeremony(req, res, sealed);
    res.json(options);
  }

  @Post()
  async add(
    @CurrentViewer() v: Viewer,
    @PageForm(NewPasskeyForm) f: NewPasskeyForm,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const sealed = takeCeremony(req, res);
    const out = await formOutcome(async () => {
      if (!f.response) throw new DomainError(400, 'validation_failed', 'response is missing');
      return this.passkeys.register(
        v.account!.id,
        sealed,
        f.response,
        f.name ?? '',
        req.headers['user-agent'],
      );
    });
    if (out.error) return sendRefusal(res, out.error);
    res.status(201).json({ id: out.ok.id, name: out.ok.name });
  }

  @Post(':id/rename')
  async rename(
    @CurrentViewer() v: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(PasskeyNameForm) f: PasskeyNameForm,
    @Res() res: Response,
  ) {
    const out = await formOutcome(() => this.passkeys.rename(v.account!.id, id, f.name ?? ''));
    if (out.error) return this.view.show(v, res, { error: out.error.message }, out.error.status);
    return this.view.show(v, res, { notice: tk('Passkey renamed') });
  }

  @Post(':id/remove')
  async remove(
    @CurrentViewer() v: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    const out = await formOutcome(() =>
      this.passkeys.remove(v.account!.id, id, res.req.headers['user-agent']),
    );
    if (out.error) return this.view.show(v, res, { error: out.error.message }, out.error.status);
    return this.view.show(v, res, { notice: tk('Passkey removed') });
  }
}
