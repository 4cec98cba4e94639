import { SetMetadata } from '@nestjs/common';

export const AUTH_ATTEMPT = 'linkdrop:auth-attempt';
export type AuthAttemptKind = 'login' | 'code' | 'signup';

/**
 * The route tries credentials (`login`), a log-in's second factor (`code`: per IP here; per
 * account where the code is checked, since its body names no account) or makes accounts
 * (`signup`): its own, tighter limits.
 */
export const AuthAttempt = (kind: AuthAttemptKind) => SetMetadata(AUTH_ATTEMPT, kind);
