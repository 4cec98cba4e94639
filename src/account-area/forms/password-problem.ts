import { DomainError } from '../../common/errors/domain-error';
import { tk } from '../../i18n/i18n';

/**
 * Checks the current password for a change the account makes in the browser: a wrong one is a
 * 400 that says so (it is the form's mistake, not a failed log-in).
 */
export async function passwordProblem(check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch (e) {
    if (e instanceof DomainError && e.code === 'invalid_credentials') {
      throw new DomainError(400, 'validation_failed', tk('The current password is wrong'));
    }
    throw e;
  }
}
