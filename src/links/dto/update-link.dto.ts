import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { SLUG_PATTERN } from '../../common/slug';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import {
  DomainField,
  ExpirationRedirectField,
  UnfurlField,
  MaxVisitsField,
  ForwardQueryField,
  VisitorQueryWinsField,
  UtmField,
  UtmPartField,
  WatchTargetField,
  FallbackUrlField,
  ExpireAtField,
  PasswordField,
  RedirectCodeField,
  TagIdsField,
  TitleField,
} from './link-fields';

/** What may change on a link; absent fields stay, `null` clears a clearable one. */
export class UpdateLinkDto {
  @ApiPropertyOptional() @IsAbsentOr() @IsHttpUrl() target_url?: string;
  @TitleField() title?: string | null;
  @TagIdsField() tag_ids?: number[];
  @PasswordField() password?: string | null;
  @ExpireAtField() expire_at?: number | null;
  @ExpirationRedirectField() expiration_redirect_url?: string | null;
  @RedirectCodeField() redirect_code?: number;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
  @ForwardQueryField() forward_query?: boolean;
  @VisitorQueryWinsField() visitor_query_wins?: boolean;
  @UtmField() utm?: Record<string, unknown> | null;
  @UtmPartField() utm_source?: string;
  @UtmPartField() utm_medium?: string;
  @UtmPartField() utm_campaign?: string;
  @UtmPartField() utm_term?: string;
  @UtmPartField() utm_content?: string;
  @WatchTargetField() watch_target?: boolean;
  @FallbackUrlField() fallback_url?: string | null;
}

export class LinkAddressDto {
  @DomainField() domain?: string;
  @ApiProperty({ description: 'The slug of the link' })
  @Matches(SLUG_PATTERN, { message: 'slug must be 1-64 characters of A-Z a-z 0-9 _ -' })
  slug!: string;
}

/** S.EE style: PUT /shorten names the link by domain and slug in the body. */
export class PutShortenDto extends IntersectionType(UpdateLinkDto, LinkAddressDto) {}
