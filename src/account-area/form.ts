import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Words } from '../i18n/i18n';
import { sayForPeople } from './forms/words';

/**
 * A form's fields as a DTO of the API, checked by the API's own rules; or the first problem, in
 * words for people (in the language of `w`).
 */
export async function parseForm<T extends object>(
  w: Words,
  cls: ClassConstructor<T>,
  fields: Record<string, unknown>,
): Promise<{ dto: T; error?: undefined } | { dto?: undefined; error: string }> {
  // A field not given (undefined) keeps the DTO's default, as a key absent from JSON does.
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const dto = plainToInstance(cls, given);
  const [first] = await validate(dto, { whitelist: true });
  if (!first) return { dto };
  // A nested field's refusal (a bio page's link 2's address) is the deepest one.
  let said = first;
  while (!said.constraints && said.children?.length) said = said.children[0];
  return { error: sayForPeople(said, w) };
}

/** A relative address on this site to go to after log-in; anything else goes to the account. */
export const safeNext = (next: unknown): string =>
  typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : '/account';
