import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { InvitesService } from '../../auth/invites/invites.service';
import { SecurityLog } from '../../auth/security-log/security-log.service';
import { TwoFactorPolicy } from '../../auth/two-factor/two-factor-policy';
import { Env } from '../../config/env';
import { wordsOf } from '../../i18n/language-of';
import { formOutcome, showOutcome } from '../forms/form-outcome';
import { parseForm } from '../form';
import { CreateInviteDto } from '../../admin/dto/invite.dto';
import { DomainError } from '../../common/errors/domain-error';
import { tk } from '../../i18n/i18n';
import type { InviteForm } from './admin-forms';
import { Pages, Viewer } from '../pages';
import { eventRow } from '../security-page.view';

/** `/admin/security`: who must use two-factor codes, invitations, every account's security log. */
@Injectable()
export class AdminSecurityView {
  constructor(
    private readonly pages: Pages,
    private readonly policy: TwoFactorPolicy,
    private readonly invites: InvitesService,
    private readonly log: SecurityLog,
    private readonly env: Env,
  ) {}

  async render(
    viewer: Viewer,
    res: Response,
    data: { notice?: string; error?: string; inviteUrl?: string },
    status = 200,
  ): Promise<void> {
    const w = wordsOf(res.req);
    const [requirement, invites, events] = await Promise.all([
      this.policy.get(),
      this.invites.list(),
      this.log.listAll(1, 100),
    ]);
    const page = {
      section: 'admin' as const,
      ...data,
      requirement,
      signup: this.env.AUTH_SIGNUP,
      invites: invites.map((i) => ({
        ...i,
        expires: i.expires_at ? w.time(i.expires_at) : w.t('Never'),
        created: w.time(i.created_at),
      })),
      events: events.map((e) => ({ email: e.email, ...eventRow(w, e) })),
    };
    this.pages.send(res, 'admin-security', 'Sign-in and security', viewer, page, status);
  }

  /** A new invitation from the form, shown with its address (only this once). */
  async makeInvite(viewer: Viewer, res: Response, form: InviteForm): Promise<void> {
    const num = (v?: string) => (v ? Number(v) : undefined);
    const out = await formOutcome(async () => {
      const fields = {
        uses: num(form.uses),
        expires_in_days: num(form.expires_in_days),
        plan: form.plan,
      };
      const { dto, error } = await parseForm(wordsOf(res.req), CreateInviteDto, fields);
      if (!dto) throw new DomainError(400, 'validation_failed', error);
      const { uses, expires_in_days: expiresInDays, plan } = dto;
      return this.invites.create(viewer.account!.id, { uses, expiresInDays, plan });
    });
    if (out.error) return this.render(viewer, res, { error: out.error.message }, out.error.status);
    return this.render(viewer, res, { inviteUrl: out.ok.url, notice: tk('Invitation made') }, 201);
  }

  /** Does an admin's action, then shows the page with what came of it. */
  afterAction(viewer: Viewer, res: Response, work: () => Promise<string>): Promise<void> {
    return showOutcome(work, (outcome, status) => this.render(viewer, res, outcome, status));
  }
}
