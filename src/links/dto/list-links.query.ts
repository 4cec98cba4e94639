import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../common/pagination';
import { ToInt } from '../../common/pipes/query-transforms';
import { LINK_KINDS, LinkKind } from '../link.entity';

export class ListLinksQuery extends PageQuery {
  @ApiPropertyOptional() @ToInt() @IsOptional() @IsInt() @Min(1) tag_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(253) domain?: string;
  @ApiPropertyOptional({ enum: LINK_KINDS }) @IsOptional() @IsIn(LINK_KINDS) kind?: LinkKind;
  @ApiPropertyOptional({ description: 'Search in slug, title and target URL' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}
