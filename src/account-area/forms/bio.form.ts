import { Transform } from 'class-transformer';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** A repeated field (one per row of the links' table): always a list of strings. */
const Rows = () =>
  Transform(({ value }: { value: unknown }) =>
    [value ?? []].flat().map((v) => (typeof v === 'string' ? v.trim() : '')),
  );

/** A bio page's form (new and edit); the API's bio DTOs check what it holds. */
export class BioForm {
  @Filled() @IsOptional() @IsString() title?: string;
  @IsOptional() @IsString() description?: string;
  @Filled() @IsOptional() @IsString() custom_slug?: string;
  @Filled() @IsOptional() @IsString() domain?: string;
  @IsOptional() @IsString() mastodon_url?: string;
  @IsOptional() @IsString() rss_url?: string;
  /** The links' rows, one value per row in each list (`link_title` once per row...). */
  @Rows() @IsArray() link_title: string[] = [];
  @Rows() @IsArray() link_url: string[] = [];
  @Rows() @IsArray() link_description: string[] = [];
  /** Each row's place (1, 2, ...): the rows are saved in this order. */
  @Rows() @IsArray() link_order: string[] = [];
}

export interface BioLinkRow {
  title: string;
  url: string;
  description: string;
}

/** The form's rows as the page's links, in the order asked for; empty rows left out. */
export function bioLinksOf(form: BioForm): BioLinkRow[] {
  return form.link_title
    .map((title, i) => ({
      title,
      url: form.link_url[i] ?? '',
      description: form.link_description[i] ?? '',
      order: Number(form.link_order[i]) || i + 1,
      i,
    }))
    .filter((r) => r.title || r.url)
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ title, url, description }) => ({ title, url, description }));
}
