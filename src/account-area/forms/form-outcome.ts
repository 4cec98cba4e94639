import { DomainError } from '../../common/errors/domain-error';

export type FormOutcome<T> = { ok: T; error?: undefined } | { ok?: undefined; error: DomainError };

/**
 * What a form post comes to: the work's result, or the refusal a person can act on (a domain
 * error under 500) to show on the page again with its status. Anything else (a 500, or a status
 * in `passOn`, such as the 404 of a share that is not theirs) goes on to the exception filter.
 */
export async function formOutcome<T>(
  work: () => Promise<T>,
  passOn: number[] = [],
): Promise<FormOutcome<T>> {
  try {
    return { ok: await work() };
  } catch (e) {
    if (!(e instanceof DomainError) || e.status >= 500 || passOn.includes(e.status)) throw e;
    return { error: e };
  }
}

/** What a page shows after an action: its notice, or its refusal. */
export type Outcome = { notice: string; error?: undefined } | { notice?: undefined; error: string };

/**
 * Does an action of a page and shows the page again with what came of it: `work`'s notice, or
 * its refusal with the refusal's status (see formOutcome for what goes on to the filter).
 */
export async function showOutcome(
  work: () => Promise<string>,
  show: (outcome: Outcome, status?: number) => Promise<void>,
  passOn: number[] = [],
): Promise<void> {
  const out = await formOutcome(work, passOn);
  if (out.error) return show({ error: out.error.message }, out.error.status);
  return show({ notice: out.ok });
}
