import { ValidationError, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { cacheValidationMetadata } from './validation-metadata-cache';

/** Flattens nested class-validator errors into `{ "field.sub": ["message", ...] }`. */
export function fieldErrors(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    const key = prefix + e.property;
    if (e.constraints) out[key] = Object.values(e.constraints);
    Object.assign(out, fieldErrors(e.children ?? [], `${key}.`));
  }
  return out;
}

/**
 * Leaves route and query primitives as the strings they arrived as: Nest's implicit `+value` would
 * turn `0x361`, `865e0` or ` 865` into 865 before IdPipe could refuse them. DTOs convert their
 * own fields explicitly (ToInt, ToBool).
 */
class StrictValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown): unknown {
    return value;
  }
}

/** whitelist + forbid unknown + transform; failures become 400 `validation_failed`. */
export function createValidationPipe(options: ValidationPipeOptions = {}) {
  cacheValidationMetadata();
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const fields = fieldErrors(errors);
      const first = Object.values(fields)[0]?.[0] ?? 'invalid input';
      return new DomainError(400, 'validation_failed', `Validation failed: ${first}`, {
        errors: fields,
      });
    },
    ...options,
  });
}
