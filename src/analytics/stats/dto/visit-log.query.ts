import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { PageQuery } from '../../../common/pagination';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';

export const LOG_FORMATS = ['json', 'csv'] as const;

export class VisitLogQuery extends PageQuery {
  @ApiPropertyOptional({
    enum: LOG_FORMATS,
    default: 'json',
    description: 'csv: the whole log (every page), streamed as text/csv',
  })
  @IsAbsentOr()
  @IsIn(LOG_FORMATS)
  format: (typeof LOG_FORMATS)[number] = 'json';
}
