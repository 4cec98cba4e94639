import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { SignedQuery, ToInt } from '../../common/pipes/query-transforms';
import { LINK_KINDS, LinkKind } from '../link.entity';

export class ListLinksQuery extends SignedQuery {
  @ApiPropertyOptional({ default: 1 }) @ToInt() @IsOptional() @IsInt() @Min(1) page = 1;
  @ApiPropertyOptional({ default: 30, maximum: 100 })
  @ToInt()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  per_page = 30;
  @ApiPropertyOptional() @ToInt() @IsOptional() @IsInt() @Min(1) tag_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) domain?: string;
  @ApiPropertyOptional({ enum: LINK_KINDS }) @IsOptional() @IsIn(LINK_KINDS) kind?: LinkKind;
  @ApiPropertyOptional({ description: 'Search in slug, title and target URL' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}
