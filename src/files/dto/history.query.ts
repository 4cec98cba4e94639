import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { MAX_PAGE } from '../../common/pagination';
import { SignedQuery, ToInt } from '../../common/pipes/query-transforms';

export class HistoryQuery extends SignedQuery {
  @ApiPropertyOptional({ default: 1, description: '30 files per page' })
  @ToInt()
  @IsAbsentOr()
  @IsInt({ message: 'page must be a positive integer' })
  @Min(1, { message: 'page must be a positive integer' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page = 1;
}
