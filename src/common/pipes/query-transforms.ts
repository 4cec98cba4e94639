import { IsAbsentOr } from '../validators/is-absent-or';
import { Transform } from 'class-transformer';
import { IsString } from 'class-validator';

export { ToBool, ToInt } from '../transforms';

/** `?ids=1&ids=2` or `?ids=1,2` → [1, 2]. */
export const ToIntArray = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((p) => (/^\d+$/.test(p.trim()) ? Number(p) : p));
  });

/** Query DTOs accept the token as `?signature=`; the guard reads it, the handler ignores it. */
export class SignedQuery {
  @IsAbsentOr() @IsString() signature?: string;
}
