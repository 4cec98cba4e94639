import { ApiProperty } from '@nestjs/swagger';
import { BlankMeansAbsent } from '../../common/validators/blank-means-absent';
import { IsHttpUrl } from '../../common/validators/is-http-url';
import {
  CustomSlugField,
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
export class CreateLinkDto extends RedirectOptionsDto {
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
}
