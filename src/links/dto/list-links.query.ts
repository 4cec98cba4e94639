import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../common/pagination';
import { ToInt } from '../../common/pipes/query-transforms';
import { LINK_KINDS, LinkKind } from '../link.entity';
import { LINK_SORTS } from '../link-filter';
import { TARGET_HEALTH, TargetHealthStatus } from '../rules/rule-types';
import { SearchText, SortedBy } from '../../common/validators/list-params';

export class ListLinksQuery extends PageQuery {
  @ApiPropertyOptional() @ToInt() @IsAbsentOr() @IsInt() @Min(1) tag_id?: number;
  @ApiPropertyOptional() @IsAbsentOr() @IsString() @MaxLength(253) domain?: string;
  @ApiPropertyOptional({ enum: LINK_KINDS }) @IsAbsentOr() @IsIn(LINK_KINDS) kind?: LinkKind;
  @SearchText('Slugs starting with it, and titles or target URLs holding each of its words')
  q?: string;
  @SortedBy(LINK_SORTS) sort?: (typeof LINK_SORTS)[number];
  @ApiPropertyOptional({
    description:
      'The id of the last link of the page before (newest or oldest first): the next page, as ' +
      'fast at any depth; `page` is then not used',
  })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  after?: number;
  @ApiPropertyOptional({
    enum: TARGET_HEALTH,
    description: 'broken: the links whose watched target fails',
  })
  @IsAbsentOr()
  @IsIn(TARGET_HEALTH)
  health?: TargetHealthStatus;
}
