import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { SignedQuery, ToInt } from './pipes/query-transforms';

/** `?page=` (from 1) and `?per_page=` (1-100, 30 by default) of every paged list. */
export class PageQuery extends SignedQuery {
  @ApiPropertyOptional({ default: 1 }) @ToInt() @IsOptional() @IsInt() @Min(1) page = 1;

  @ApiPropertyOptional({ default: 30, maximum: 100 })
  @ToInt()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  per_page = 30;
}
