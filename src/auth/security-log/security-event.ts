import type { SecurityEventType } from './security-events';

/** One thing that happened to an account's keys: a log-in, a new token, 2FA turned off... */
export interface SecurityEvent {
  accountId: number;
  type: SecurityEventType;
  /** How: `password`, `totp`, `recovery_code`, `passkey`, `oidc:<name>`, `admin`, `cli`... */
  method: string | null;
  success: boolean;
  /** The browser or program, as "Firefox · Linux" (never the raw IP). */
  device: string | null;
  /** A name the event is about (the token's, the passkey's). */
  detail: string | null;
  createdAt: Date;
}
