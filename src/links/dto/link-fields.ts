import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsPositive,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateIf,
} from 'class-validator';
import { SLUG_PATTERN } from '../../common/slug';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import { SingleLine } from '../../common/validators/single-line';
import { REDIRECT_CODES } from '../link.entity';

/**
 * Whether link previews (Open Graph, Twitter cards, oEmbed) may show the share's content: true
 * by default; false leaves only a bare title. `1`/`0` and their strings too (multipart fields).
 */
export const UnfurlField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: Boolean,
      description: 'Link previews may show its content (default true); false keeps it out',
    }),
    Transform(({ value }: { value: unknown }) =>
      value === 1 || value === '1' || value === 'true'
        ? true
        : value === 0 || value === '0' || value === 'false'
          ? false
          : value === '' || value === null
            ? undefined
            : value,
    ),
    IsAbsentOr(),
    IsBoolean({ message: 'unfurl must be true or false' }),
  );

/** Optional, and `null` clears it (PATCH/PUT); absent leaves it as it is. */
const Clearable = () => ValidateIf((_, v) => v !== null && v !== undefined);

export const DomainField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Host of the short URL; the default domain if omitted' }),
    IsAbsentOr(),
    IsString(),
    MaxLength(253),
  );

export const CustomSlugField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: '1-64 of A-Z a-z 0-9 _ -; random if omitted' }),
    IsAbsentOr(),
    Matches(SLUG_PATTERN, { message: 'custom_slug must be 1-64 characters of A-Z a-z 0-9 _ -' }),
  );

/** One rule for the title of every kind of share. */
export const TitleField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 }),
    Clearable(),
    IsString(),
    MaxLength(200),
    SingleLine(),
  );

export const TagIdsField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [Number], description: 'Ids of your tags' }),
    IsAbsentOr(),
    IsArray(),
    ArrayMaxSize(50),
    IsInt({ each: true, message: 'tag_ids must be integers' }),
    IsPositive({ each: true, message: 'tag_ids must be positive' }),
  );

export const PasswordField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      description: 'Visitors must enter it; stored only as a hash',
    }),
    Clearable(),
    IsString(),
    MinLength(1),
    MaxLength(200),
  );

export const ExpireAtField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: Number,
      nullable: true,
      description: 'Unix seconds; in the future',
    }),
    Clearable(),
    IsInt({ message: 'expire_at must be Unix seconds (an integer)' }),
  );

export const ExpirationRedirectField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      description: 'Where visitors go once the link has expired (instead of a 410 page)',
    }),
    Clearable(),
    IsHttpUrl(),
  );

export const RedirectCodeField = () =>
  applyDecorators(
    ApiPropertyOptional({ enum: REDIRECT_CODES, default: 302 }),
    IsAbsentOr(),
    IsIn(REDIRECT_CODES),
  );
