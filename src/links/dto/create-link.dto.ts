import { ApiProperty } from '@nestjs/swagger';
import { BlankMeansAbsent } from '../../common/validators/blank-means-absent';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import {
  CustomSlugField,
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

/** S.EE's `POST /shorten` (and `/qrcode`, which takes some of its fields). */
@BlankMeansAbsent([
  'domain',
  'custom_slug',
  'title',
  'tag_ids',
  'password',
  'expire_at',
  'expiration_redirect_url',
  'redirect_code',
  'max_visits',
  'utm',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'fallback_url',
])
export class CreateLinkDto {
  @ApiProperty({ example: 'https://example.com/a/long/path' })
  @IsHttpUrl()
  target_url!: string;
  @DomainField() domain?: string;
  @CustomSlugField() custom_slug?: string;
  @TitleField() title?: string;
  @TagIdsField() tag_ids?: number[];
  @PasswordField() password?: string;
  @ExpireAtField() expire_at?: number;
  @ExpirationRedirectField() expiration_redirect_url?: string;
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
