import { IsArray, IsOptional, IsString } from 'class-validator';
import { Filled, WebAddress } from './filled.decorator';
import { TagNames } from './share.forms';

/** A link's edit form; the API's UpdateLinkDto then checks what it holds. */
export class LinkEditForm {
  @WebAddress() @IsOptional() @IsString() target_url?: string;
  @Filled() @IsOptional() @IsString() title?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** `1`: the password goes. */
  @IsOptional() @IsString() remove_password?: string;
  /** `YYYY-MM-DDTHH:mm` (UTC); empty: no expiry. */
  @Filled() @IsOptional() @IsString() expire_at?: string;
  /** `1`: link previews may show its content (edit pages; unticked, they show only its kind). */
  @IsOptional() @IsString() unfurl?: string;
  @Filled() @IsOptional() @IsString() redirect_code?: string;
  /** The link's tags by name, all of them (`work, to read`): what is left out is taken off. */
  @TagNames() @IsArray() tags: string[] = [];
}
