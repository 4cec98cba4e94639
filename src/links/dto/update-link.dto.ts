import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { SLUG_PATTERN } from '../../common/slug';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import {
  DomainField,
  ExpirationRedirectField,
  UnfurlField,
  ExpireAtField,
  PasswordField,
  RedirectCodeField,
  TagIdsField,
  TitleField,
} from './link-fields';
import { RedirectOptionsDto } from './redirect-options.dto';

/** What may change on a link; absent fields stay, `null` clears a clearable one. */
export class UpdateLinkDto extends RedirectOptionsDto {
  @ApiPropertyOptional() @IsAbsentOr() @IsHttpUrl() target_url?: string;
  @TitleField() title?: string | null;
  @TagIdsField() tag_ids?: number[];
  @PasswordField() password?: string | null;
  @ExpireAtField() expire_at?: number | null;
  @ExpirationRedirectField() expiration_redirect_url?: string | null;
  @RedirectCodeField() redirect_code?: number;
  @UnfurlField() unfurl?: boolean;
}

export class LinkAddressDto {
  @DomainField() domain?: string;
  @ApiProperty({ description: 'The slug of the link' })
  @Matches(SLUG_PATTERN, { message: 'slug must be 1-64 characters of A-Z a-z 0-9 _ -' })
  slug!: string;
}

/** S.EE style: PUT /shorten names the link by domain and slug in the body. */
export class PutShortenDto extends IntersectionType(UpdateLinkDto, LinkAddressDto) {}
