import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AbuseReportsService } from '../../admin/abuse-reports.service';
import { AccountsService } from '../../auth/accounts.service';
import { TwoFactorService } from '../../auth/two-factor/two-factor.service';
import { SingleSignOn } from '../../auth/oidc/single-sign-on.service';
import { Passkeys } from '../../auth/passkeys/passkeys.service';
import { invalid } from '../../common/errors/domain-error';
import { showOutcome } from '../forms/form-outcome';
import { formatBytes } from '../format';
import { Pages, Viewer } from '../pages';
import type { Words } from '../../i18n/i18n';
import { wordsOf } from '../../i18n/language-of';
import { tk } from '../../i18n/i18n';

const ACCOUNTS_PER_PAGE = 50;

/**
 * The view model of `/admin`: accounts (searched), their plans, storage, roles and ways of
 * logging in, and the open reports.
 */
@Injectable()
export class AdminAccountsView {
  constructor(
    private readonly pages: Pages,
    private readonly accounts: AccountsService,
    private readonly reports: AbuseReportsService,
    private readonly twoFactor: TwoFactorService,
    private readonly sso: SingleSignOn,
    private readonly passkeys: Passkeys,
  ) {}

  async render(
    viewer: Viewer,
    res: Response,
    data: { q?: string; page?: number; notice?: string; error?: string },
    status = 200,
  ) {
    const q = data.q ?? '';
    const w = wordsOf(res.req);
    const total = await this.accounts.countForAdmin(q);
    const pages = Math.max(1, Math.ceil(total / ACCOUNTS_PER_PAGE));
    const at = Math.min(data.page ?? 1, pages);
    const rows = await this.accounts.listForAdmin(q, at, ACCOUNTS_PER_PAGE);
    const ids = rows.map((a) => a.id);
    const [withCodes, providers, passkeys] = await Promise.all([
      this.twoFactor.enabledAmong(ids),
      this.sso.providersOf(ids),
      this.passkeys.countsOf(ids),
    ]);
    const accounts = rows.map((a) => ({
      ...a,
      twoFactor: withCodes.has(a.id),
      providers: providers.get(a.id) ?? [],
      passkeys: passkeys.get(a.id) ?? 0,
      created: w.date(a.createdAt),
      storage: formatBytes(a.storageBytes),
      planEnd: a.planExpiresAt
        ? w.t('until {{day}}', { day: w.date(a.planExpiresAt) })
        : w.t('no end'),
      planEndValue: a.planExpiresAt ? a.planExpiresAt.toISOString().slice(0, 10) : '',
    }));
    const openReports = (await this.reports.totals()).reports;
    const base = `/admin?${q ? `q=${encodeURIComponent(q)}&` : ''}`;
    const pager = { page: at, pages, total, base, label: w.t('Pages of accounts') };
    const page = { section: 'admin' as const, accounts, openReports, ...data, q, pager };
    this.pages.send(res, 'admin', 'Admin', viewer, page, status);
  }

  /** Does an admin's action, then shows the accounts with what came of it. */
  async afterAction(viewer: Viewer, res: Response, work: () => Promise<string>) {
    const checked = async () => {
      try {
        return await work();
      } catch (e) {
        // new URL() of an address that is not one.
        if (e instanceof TypeError) throw invalid('url', tk('Give the full address'));
        throw e;
      }
    };
    await showOutcome(checked, (outcome, status) => this.render(viewer, res, outcome, status));
  }
}

/** What setting an account's plan says. */
export function planNotice(w: Words, email: string, plan: string, until?: string): string {
  return until
    ? w.t('{{email}} is on {{plan}} until {{until}}', { email, plan, until })
    : w.t('{{email}} is on {{plan}}', { email, plan });
}
