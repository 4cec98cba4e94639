import { SetMetadata } from '@nestjs/common';

export const AUTH_ATTEMPT = 'linkdrop:auth-attempt';
export type AuthAttemptKind = 'login' | 'signup';

/** The route tries credentials (login) or makes accounts (signup): its own, tighter limits. */
export const AuthAttempt = (kind: AuthAttemptKind) => SetMetadata(AUTH_ATTEMPT, kind);
