/** Kinds of share, by the name their events carry (a `redirect` link is a `link`). */
export const SHARE_EVENT_NAMES = {
  redirect: 'link',
  text: 'text',
  file: 'file',
  bundle: 'bundle',
  bio: 'bio',
} as const;

/** The account's security log: what happened to its keys (docs/sign-in.md). */
export const SECURITY_EVENT_TYPES = [
  'account.login',
  'account.login.failed',
  'account.logout',
  'account.password.changed',
  'account.password.reset_requested',
  'account.password.reset',
  'account.two_factor.enabled',
  'account.two_factor.disabled',
  'account.two_factor.recovery_codes',
  'account.passkey.added',
  'account.passkey.removed',
  'account.token.created',
  'account.token.revoked',
  'account.sessions.ended',
  'account.email.verified',
  'account.role.changed',
] as const;

/** Every event the outbox records; webhooks subscribe to these (or `*`). */
export const EVENT_TYPES = [
  'link.created',
  'link.updated',
  'link.deleted',
  'text.created',
  'text.updated',
  'text.deleted',
  'text.read_once',
  'file.uploaded',
  'file.updated',
  'file.deleted',
  'bundle.created',
  'bundle.updated',
  'bundle.deleted',
  'bio.created',
  'bio.updated',
  'bio.deleted',
  'domain.verified',
  'domain.lost',
  'share.taken_down',
  'share.restored',
  'account.created',
  'account.updated',
  'account.disabled',
  'account.enabled',
  ...SECURITY_EVENT_TYPES,
  'visit',
  'webhook.test',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (s: string): s is EventType =>
  (EVENT_TYPES as readonly string[]).includes(s);

/** Events that are not actions of anyone (the audit log leaves them out). */
export const NOT_AUDITED: readonly string[] = ['visit', 'webhook.test'];
