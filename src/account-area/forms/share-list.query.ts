import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { toInt } from '../../common/transforms';

const MAX_PAGE = 10_000;

/** The query of the lists of shares (links, texts, files): search, filters, sort, paging. */
export class ShareListQuery {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.slice(0, 200) : value,
  )
  @IsString()
  q = '';

  /** 1 to 10,000; anything else is the first page, past the last the last. */
  @Transform(({ value }: { value: unknown }) => Math.max(1, Math.min(MAX_PAGE, Number(value) || 1)))
  @IsInt()
  page = 1;

  /** The share just made, shown on top (`?created=<id>` after a creation). */
  @Transform(toInt) @IsOptional() @IsInt() @Min(1) created?: number;
  /** Set after an edit: the page says it was saved. */
  @IsOptional() @IsString() updated?: string;
  @Transform(toInt) @IsOptional() @IsInt() @Min(1) tag?: number;
  @IsOptional() @IsString() domain?: string;
  /** One of the kind's sorts; the list checks it (an unknown one is newest first). */
  @IsOptional() @IsString() sort?: string;
  /** Texts: plain_text, source_code or markdown. */
  @IsOptional() @IsString() type?: string;
  /** Files: image, video, audio, document... */
  @IsOptional() @IsString() kind?: string;
  /** Links: `broken`, the links whose watched target fails. */
  @IsOptional() @IsString() health?: string;
  /** Files: `list` or `grid` (a gallery); remembered in this browser once chosen. */
  @IsOptional() @IsString() view?: string;
}
