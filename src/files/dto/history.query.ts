import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { SignedQuery, ToInt } from '../../common/pipes/query-transforms';

export class HistoryQuery extends SignedQuery {
  @ApiPropertyOptional({ default: 1, description: '30 files per page' })
  @ToInt()
  @IsOptional()
  @IsInt({ message: 'page must be a positive integer' })
  @Min(1, { message: 'page must be a positive integer' })
  page = 1;
}
