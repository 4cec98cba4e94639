import { IsArray, IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';
import { TagNames } from './share.forms';

/** A file's edit form; the API's UpdateLinkDto checks the link's part of it. */
export class FileEditForm {
  @Filled() @IsOptional() @IsString() title?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** `1`: the password goes. */
  @IsOptional() @IsString() remove_password?: string;
  /** `YYYY-MM-DDTHH:mm` (UTC); empty: no expiry. */
  @Filled() @IsOptional() @IsString() expire_at?: string;
  /** `1`: private (its bytes only through signed addresses). */
  @IsOptional() @IsString() private?: string;
  /** `1`: link previews may show its content (edit pages; unticked, they show only its kind). */
  @IsOptional() @IsString() unfurl?: string;
  @TagNames() @IsArray() tags: string[] = [];
}
