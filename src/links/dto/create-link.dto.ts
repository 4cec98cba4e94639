import { ApiProperty } from '@nestjs/swagger';
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
}
