import type { INestApplicationContext } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import { SecurityLog } from '../auth/security-log/security-log.service';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import { TwoFactorService } from '../auth/two-factor/two-factor.service';

/**
 * `account:password`: a new password for an account locked out (the first-start admin's, printed
 * once and lost); its browsers are logged out.
 */
export async function setPassword(
  app: INestApplicationContext,
  email: string,
  password: string,
): Promise<string> {
  const account = await app.get(AccountsService).getByEmail(email);
  await app.get(AccountsService).changePassword(account.id, password);
  const ended = await app.get(WebSessionsService).endAllOf(account.id);
  await app.get(SecurityLog).record(account.id, 'password.changed', { method: 'cli' });
  return `${account.email}: password changed; ${ended} browser sessions logged out`;
}

/**
 * `account:2fa-reset`: turns two-factor codes off for an account whose phone and recovery codes
 * are lost; its browsers are logged out. The password alone logs in again.
 */
export async function resetTwoFactor(app: INestApplicationContext, email: string): Promise<string> {
  const account = await app.get(AccountsService).getByEmail(email);
  const was = await app.get(TwoFactorService).disable(account.id, { method: 'cli' });
  const ended = await app.get(WebSessionsService).endAllOf(account.id);
  const what = was ? 'two-factor codes turned off' : 'had no two-factor codes';
  return `${account.email}: ${what}; ${ended} browser sessions logged out`;
}
