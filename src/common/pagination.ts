import { IsAbsentOr } from './validators/is-absent-or';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { SignedQuery, ToInt } from './pipes/query-transforms';

/** Past this, an offset is more than any database here can take (and no list is that long). */
export const MAX_PAGE = 100_000;

/** `?page=` (from 1) and `?per_page=` (1-100, 30 by default) of every paged list. */
export class PageQuery extends SignedQuery {
  @ApiPropertyOptional({ default: 1, maximum: MAX_PAGE })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page = 1;

  @ApiPropertyOptional({ default: 30, maximum: 100 })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  @Max(100)
  per_page = 30;
}
