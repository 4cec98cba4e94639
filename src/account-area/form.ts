import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

/** A form's fields as a DTO of the API, checked by the API's own rules; or the first problem. */
export async function parseForm<T extends object>(
  cls: ClassConstructor<T>,
  fields: Record<string, unknown>,
): Promise<{ dto: T; error?: undefined } | { dto?: undefined; error: string }> {
  const dto = plainToInstance(cls, fields);
  const [first] = await validate(dto, { whitelist: true });
  if (!first) return { dto };
  const message = Object.values(first.constraints ?? {})[0] ?? `${first.property} is invalid`;
  return { error: message };
}

/** Form fields as strings, with empty ones left out (an empty optional field means "none"). */
export function filled(body: unknown, names: string[]): Record<string, string> {
  const fields = (body ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = fields[n];
    if (typeof v === 'string' && v.trim() !== '') out[n] = v.trim();
  }
  return out;
}

/** A relative address on this site to go to after log-in; anything else goes to the account. */
export const safeNext = (next: unknown): string =>
  typeof next === 'string' && /^\/(?![/\\])/.test(next) ? next : '/account';
