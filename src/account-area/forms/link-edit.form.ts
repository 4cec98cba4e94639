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
  /** `1`: the visitor's query goes onto the target; `1`: its values win over the target's. */
  @IsOptional() @IsString() forward_query?: string;
  @IsOptional() @IsString() visitor_query_wins?: string;
  /** The UTM builder's fields; empty ones are left off. */
  @Filled() @IsOptional() @IsString() utm_source?: string;
  @Filled() @IsOptional() @IsString() utm_medium?: string;
  @Filled() @IsOptional() @IsString() utm_campaign?: string;
  @Filled() @IsOptional() @IsString() utm_term?: string;
  @Filled() @IsOptional() @IsString() utm_content?: string;
  /** Empty: no limit. */
  @Filled() @IsOptional() @IsString() max_visits?: string;
  /** `1`: the target is checked; `fallback_url` serves while it is broken. */
  @IsOptional() @IsString() watch_target?: string;
  @Filled() @IsOptional() @IsString() fallback_url?: string;
  /** The link's tags by name, all of them (`work, to read`): what is left out is taken off. */
  @TagNames() @IsArray() tags: string[] = [];
}

/** The UTM builder's fields as the API's `utm` (none filled: cleared). */
export const utmOf = (f: LinkEditForm) => ({
  source: f.utm_source,
  medium: f.utm_medium,
  campaign: f.utm_campaign,
  term: f.utm_term,
  content: f.utm_content,
});
