import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { SignedQuery, ToBool, ToInt, ToIntArray } from '../../common/pipes/query-transforms';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import {
  CustomSlugField,
  DomainField,
  ExpirationRedirectField,
  ExpireAtField,
  PasswordField,
  RedirectCodeField,
  TagIdsField,
  TitleField,
} from './link-fields';

/** Simple mode: the fields of CreateLinkDto as query parameters, `url` for `target_url`. */
export class ShortenQueryDto extends SignedQuery {
  @ApiProperty({ example: 'https://example.com/a/long/path' }) @IsHttpUrl() url!: string;
  @DomainField() domain?: string;
  @CustomSlugField() custom_slug?: string;
  @TitleField() title?: string;
  @ToIntArray() @TagIdsField() tag_ids?: number[];
  @PasswordField() password?: string;
  @ToInt() @ExpireAtField() expire_at?: number;
  @ExpirationRedirectField() expiration_redirect_url?: string;
  @ToInt() @RedirectCodeField() redirect_code?: number;
  @ApiPropertyOptional({ description: 'true: answer the JSON envelope instead of plain text' })
  @ToBool()
  @IsAbsentOr()
  @IsBoolean()
  json?: boolean;
}
