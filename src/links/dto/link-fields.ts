import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsObject,
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

/** A boolean field: `1`/`0` and their strings too (multipart fields); blank is absent. */
const BooleanField = (description: string, name: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
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
    IsBoolean({ message: `${name} must be true or false` }),
  );

/**
 * Whether link previews (Open Graph, Twitter cards, oEmbed) may show the share's content: true
 * by default; false leaves only a bare title.
 */
export const UnfurlField = () =>
  BooleanField('Link previews may show its content (default true); false keeps it out', 'unfurl');

export const ForwardQueryField = () =>
  BooleanField("The visitor's query string goes onto the target (default false)", 'forward_query');

export const VisitorQueryWinsField = () =>
  BooleanField(
    "With forward_query: of a parameter both have, the visitor's value wins (default false: the target's own)",
    'visitor_query_wins',
  );

export const WatchTargetField = () =>
  BooleanField(
    'The target is checked now and then; broken, visitors go to fallback_url (default false)',
    'watch_target',
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

export const MaxVisitsField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: Number,
      nullable: true,
      description:
        'Visits (people) it serves before answering 410 (or its expiry redirect); null: no limit',
    }),
    // Multipart fields arrive as strings.
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
    ),
    Clearable(),
    IsInt({ message: 'max_visits must be a positive integer (null: no limit)' }),
    IsPositive({ message: 'max_visits must be a positive integer (null: no limit)' }),
  );

export const FallbackUrlField = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      description: 'Where visitors go while a watched target is broken',
    }),
    Clearable(),
    IsHttpUrl(),
  );

/** UTM fields as an OpenAPI object's properties. */
export const UTM_PROPERTIES = Object.fromEntries(
  ['source', 'medium', 'campaign', 'term', 'content'].map((f) => [
    f,
    { type: 'string', maxLength: 100 },
  ]),
) as Record<string, { type: 'string'; maxLength: number }>;

export class UtmDto {
  @ApiPropertyOptional({ maxLength: 100 }) source?: string;
  @ApiPropertyOptional({ maxLength: 100 }) medium?: string;
  @ApiPropertyOptional({ maxLength: 100 }) campaign?: string;
  @ApiPropertyOptional({ maxLength: 100 }) term?: string;
  @ApiPropertyOptional({ maxLength: 100 }) content?: string;
}

/** UTM fields set on the target when visitors go there; checked by the service (checkUtm). */
export const UtmField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: UtmDto, nullable: true, description: 'null or {} removes them' }),
    Clearable(),
    IsObject({ message: 'utm must be an object of source, medium, campaign, term, content' }),
  );

/** `utm_source` and the like as flat fields (what UTM builders and forms send). */
export const UtmPartField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: 100, description: 'Same as utm.<name>' }),
    IsAbsentOr(),
    IsString(),
    MaxLength(100),
  );
