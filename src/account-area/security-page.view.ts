import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import type { Enrolment } from '../auth/two-factor/two-factor.service';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';
import { TwoFactorPolicy } from '../auth/two-factor/two-factor-policy';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { SecurityLog } from '../auth/security-log/security-log.service';
import { Passkeys } from '../auth/passkeys/passkeys.service';
import type { SecurityEventType } from '../auth/security-log/security-events';
import type { SecurityEvent } from '../auth/security-log/security-event';
import { tk, type Words } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { qrImage } from '../qr/qr-images';
import { Pages, Viewer } from './pages';

/** What each kind of security event reads as. */
const EVENT_WORDS: Record<SecurityEventType, string> = {
  login: tk('Logged in'),
  'login.failed': tk('Log-in failed'),
  logout: tk('Logged out'),
  'password.changed': tk('Password changed'),
  'password.reset_requested': tk('Password reset asked for'),
  'password.reset': tk('Password reset by mail'),
  'two_factor.enabled': tk('Two-factor codes turned on'),
  'two_factor.disabled': tk('Two-factor codes turned off'),
  'two_factor.recovery_codes': tk('New recovery codes made'),
  'passkey.added': tk('Passkey added'),
  'passkey.removed': tk('Passkey removed'),
  'token.created': tk('API token created'),
  'token.revoked': tk('API token revoked'),
  'sessions.ended': tk('Browser sessions ended'),
  'email.verified': tk('Email address verified'),
  'role.changed': tk('Role changed'),
};

/** What each step of a log-in (`password+totp`, `oidc:corp`, `cli`) reads as. */
const METHOD_WORDS: Record<string, string> = {
  password: tk('password'),
  totp: tk('two-factor code'),
  recovery_code: tk('recovery code'),
  code: tk('two-factor code'),
  mail: tk('mail'),
  admin: tk('an admin'),
  cli: tk('the command line'),
};

/** A security event's method in words: `password+totp` is "password + two-factor code". */
function methodWords(w: Words, method: string | null): string {
  if (!method) return '';
  return method
    .split('+')
    .map((m) =>
      m.startsWith('oidc:')
        ? w.t('single sign-on ({{provider}})', { provider: m.slice(5) })
        : w.t(METHOD_WORDS[m] ?? m),
    )
    .join(' + ');
}

/** A security event as a row of a page's log. */
export const eventRow = (w: Words, e: SecurityEvent) => ({
  what: w.t(EVENT_WORDS[e.type] ?? e.type),
  method: methodWords(w, e.method),
  success: e.success,
  device: e.device,
  detail: e.detail,
  when: w.time(e.createdAt),
});

export interface SecurityPageData {
  notice?: string;
  error?: string;
  /** An enrolment just begun (else the one pending, if any). */
  enrolment?: Enrolment;
  /** Recovery codes just made: shown this once. */
  recoveryCodes?: string[];
}

/** `/account/security`: password, two-factor codes, browsers, and the security log. */
@Injectable()
export class SecurityPageView {
  constructor(
    private readonly pages: Pages,
    private readonly twoFactor: TwoFactorService,
    private readonly policy: TwoFactorPolicy,
    private readonly sessions: WebSessionsService,
    private readonly log: SecurityLog,
    private readonly passkeys: Passkeys,
  ) {}

  async show(viewer: Viewer, res: Response, data: SecurityPageData, status = 200): Promise<void> {
    const { id, email } = viewer.account!;
    const w = wordsOf(res.req);
    const [factor, pending, sessions, events, required, keys] = await Promise.all([
      this.twoFactor.status(id),
      this.twoFactor.pending(id, email),
      this.sessions.listOf(id),
      this.log.list(id, 1, 30),
      this.policy.requires(viewer.account!),
      this.passkeys.list(id),
    ]);
    const enrolment = factor.enabled ? null : (data.enrolment ?? pending);
    const qr = enrolment ? (await qrImage(enrolment.uri, 'svg', 200)).toString() : null;
    this.pages.send(
      res,
      'security',
      'Security',
      viewer,
      {
        section: 'security',
        passkeys: true, // the layout loads webauthn.js
        passkeyList: keys.map((k) => ({
          id: k.id,
          name: k.name,
          created: w.time(k.createdAt),
          lastUsed: w.time(k.lastUsedAt),
        })),
        ...data,
        twoFactor: { ...factor, required, enrolment, qr },
        sessions: sessions.map((s) => ({
          ...s,
          current: s.id === viewer.sessionId,
          created: w.time(s.createdAt),
          lastSeen: w.time(s.lastSeenAt),
        })),
        events: events.map((e) => eventRow(w, e)),
      },
      status,
    );
  }
}
