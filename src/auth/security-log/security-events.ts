/** What the security log records. */
export const SECURITY_EVENTS = [
  'login',
  'login.failed',
  'logout',
  'password.changed',
  'password.reset_requested',
  'password.reset',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.recovery_codes',
  'passkey.added',
  'passkey.removed',
  'token.created',
  'token.revoked',
  'sessions.ended',
  'email.verified',
  'role.changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENTS)[number];
