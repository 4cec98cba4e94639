import { Transform } from 'class-transformer';

/** What S.EE's SDKs send for an optional field they were not given. */
export type Blank = '' | 0 | null | [];

const isBlank = (v: unknown, blanks: Blank[]) =>
  blanks.some((b) => (Array.isArray(b) ? Array.isArray(v) && v.length === 0 : v === b));

/**
 * S.EE's SDKs send every optional field, unset ones as their language's default: Python's `""`,
 * `0` and `[]`, Java's `null`. On S.EE's own paths those mean "not given", as S.EE treats them:
 * the listed fields become absent before validation. Our resource-style endpoints stay strict.
 */
export function BlankMeansAbsent(
  fields: string[],
  blanks: Blank[] = ['', 0, null, []],
): ClassDecorator {
  return (target) => {
    for (const field of fields) {
      Transform(({ value }: { value: unknown }) => (isBlank(value, blanks) ? undefined : value))(
        target.prototype as object,
        field,
      );
    }
  };
}
