import { BlankMeansAbsent } from '../../common/validators/blank-means-absent';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import {
  CustomSlugField,
  DomainField,
  ExpirationRedirectField,
  UnfurlField,
  MaxVisitsField,
  ExpireAtField,
  PasswordField,
  TagIdsField,
  TitleField,
} from '../../links/dto/link-fields';
import { TEXT_TYPES, TextType } from '../text.entity';

const TYPE_MESSAGE = `text_type must be one of: ${TEXT_TYPES.join(', ')}`;
// NUL cannot be stored faithfully everywhere (and no text format needs it).
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const NO_NUL = /^[^\u0000]*$/;

export class TextFieldsDto {
  @TitleField() title?: string | null;

  @ApiPropertyOptional({
    description: 'highlight.js name or alias (source_code); detected if absent',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(40)
  language?: string;

  @TagIdsField() tag_ids?: number[];
  @PasswordField() password?: string | null;
  @ExpireAtField() expire_at?: number | null;
  @ExpirationRedirectField() expiration_redirect_url?: string | null;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;

  @ApiPropertyOptional({ description: 'Deleted after the first view by a person (not by bots)' })
  @IsAbsentOr()
  @IsBoolean()
  burn_after_read?: boolean;
}

/** S.EE's `POST /text` (the account area's form too): blank optional fields are not given. */
@BlankMeansAbsent([
  'title',
  'language',
  'tag_ids',
  'password',
  'expire_at',
  'expiration_redirect_url',
  'burn_after_read',
  'text_type',
  'domain',
  'custom_slug',
])
export class CreateTextDto extends TextFieldsDto {
  @ApiProperty({ description: 'Up to TEXT_MAX_BYTES of UTF-8 (2 MiB by default)' })
  @IsString()
  @Matches(NO_NUL, { message: 'content must not contain NUL characters' })
  content!: string;

  @ApiPropertyOptional({
    enum: TEXT_TYPES,
    default: 'plain_text',
    description: 'Optional, as in S.EE (its TypeScript SDK sends only content and title)',
  })
  @IsAbsentOr()
  @IsIn(TEXT_TYPES, { message: TYPE_MESSAGE })
  text_type: TextType = 'plain_text';

  @DomainField() domain?: string;
  @CustomSlugField() custom_slug?: string;
}

export class UpdateTextDto extends TextFieldsDto {
  @ApiPropertyOptional()
  @IsAbsentOr()
  @IsString()
  @Matches(NO_NUL, { message: 'content must not contain NUL characters' })
  content?: string;

  @ApiPropertyOptional({ enum: TEXT_TYPES })
  @IsAbsentOr()
  @IsIn(TEXT_TYPES, { message: TYPE_MESSAGE })
  text_type?: TextType;
}
