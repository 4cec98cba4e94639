import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';

/** `?n=5` → 5; leaves anything else for the validator to refuse. */
export const ToInt = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value,
  );

/** `?ids=1&ids=2` or `?ids=1,2` → [1, 2]. */
export const ToIntArray = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === '') return undefined;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
    return parts.map((p) => (/^\d+$/.test(p.trim()) ? Number(p) : p));
  });

export const ToBool = () =>
  Transform(({ value }: { value: unknown }) =>
    value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
  );

/** Query DTOs accept the token as `?signature=`; the guard reads it, the handler ignores it. */
export class SignedQuery {
  @IsOptional() @IsString() signature?: string;
}
