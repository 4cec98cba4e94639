import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ToInt } from '../../common/transforms';
import type { Request } from 'express';
import { createValidationPipe } from '../../common/pipes/validation.pipe';
import { SLUG_PATTERN } from '../../common/slug';
import { UnfurlField, MaxVisitsField } from '../../links/dto/link-fields';

const emptyIsAbsent = () =>
  Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value));

/** The text fields that may come with an upload; others (clients send `format`...) are ignored. */
export class UploadFieldsDto {
  @emptyIsAbsent() @IsAbsentOr() @IsString() @MaxLength(253) domain?: string;
  @emptyIsAbsent()
  @IsAbsentOr()
  @Matches(SLUG_PATTERN, { message: 'custom_slug must be 1-64 characters of A-Z a-z 0-9 _ -' })
  custom_slug?: string;
  /** S.EE sends `is_private=1`; multipart fields are text. */
  @emptyIsAbsent()
  @Transform(({ value }: { value: unknown }) =>
    value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value,
  )
  @IsAbsentOr()
  @IsBoolean({ message: 'is_private must be 1, 0, true or false' })
  is_private?: boolean;
  /**
   * Not S.EE's: `1` keeps a photo's EXIF, GPS and XMP (stripped by default). Read by the storage
   * engine as the bytes stream in, so it must come before the file part (or in the query).
   */
  @emptyIsAbsent()
  @Transform(({ value }: { value: unknown }) =>
    value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value,
  )
  @IsAbsentOr()
  @IsBoolean({ message: 'keep_metadata must be 1, 0, true or false' })
  keep_metadata?: boolean;
  /** Not S.EE's: link previews may show the file (default true). */
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
  /** Not S.EE's: visitors must give it (the account area's upload options). */
  @emptyIsAbsent() @IsAbsentOr() @IsString() @MinLength(1) @MaxLength(200) password?: string;
  /** Not S.EE's: Unix seconds, in the future (the account area's upload options). */
  @emptyIsAbsent()
  @ToInt()
  @IsAbsentOr()
  @IsInt({ message: 'expire_at must be Unix seconds (an integer)' })
  expire_at?: number;
}

/** The validated text fields of a multipart upload (multer puts them on the body). */
export const UploadFields = () =>
  createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const body: unknown = ctx.switchToHttp().getRequest<Request>().body;
    return typeof body === 'object' && body !== null ? { ...body } : {};
  })(
    createValidationPipe({
      forbidNonWhitelisted: false,
      validateCustomDecorators: true,
    }),
  );
