import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ClassConstructor, plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Request } from 'express';

/**
 * A page's query string as a typed, validated object. Pages are lenient where the API is exact:
 * a value that fails its rule takes the class's default and a parameter the class does not
 * know is dropped (a tracking parameter, an old bookmark), so an address never breaks a page.
 * The global validation pipe leaves custom decorators alone, so this is the only check.
 */
export function lenientParse<T extends object>(cls: ClassConstructor<T>, raw: unknown): T {
  const parsed = plainToInstance(cls, raw ?? {}, { exposeDefaultValues: true });
  const defaults = new cls() as Record<string, unknown>;
  for (const error of validateSync(parsed, { whitelist: true })) {
    (parsed as Record<string, unknown>)[error.property] = defaults[error.property];
  }
  return parsed;
}

export const PageQuery = createParamDecorator(
  (cls: ClassConstructor<object>, ctx: ExecutionContext) =>
    lenientParse(cls, ctx.switchToHttp().getRequest<Request>().query),
);

/** A page's form body (urlencoded), typed and parsed the same lenient way as its query. */
export const PageForm = createParamDecorator(
  (cls: ClassConstructor<object>, ctx: ExecutionContext) =>
    lenientParse(cls, ctx.switchToHttp().getRequest<Request>().body),
);
