import { ValidateIf } from 'class-validator';

/**
 * An optional field: absent (undefined) skips its other checks, but `null` does not, so a `null`
 * where the API takes no null is a 400 for that field and never reaches a service. Fields that
 * `null` clears say so with their own rule (see `Clearable` in links/dto/link-fields.ts).
 */
export const IsAbsentOr = () => ValidateIf((_: unknown, value: unknown) => value !== undefined);
