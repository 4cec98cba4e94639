import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, MaxLength, Min } from 'class-validator';
import { PageQuery } from '../../../common/pagination';
import { ToInt } from '../../../common/pipes/query-transforms';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';

const TIME = /^(\d{1,12}|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/;
const TIME_HINT = 'Unix seconds, or an ISO 8601 date or time (UTC unless it says)';

export class AuditLogQuery extends PageQuery {
  @ApiPropertyOptional({
    example: 'link',
    description: 'An event type (`link.created`) or its family (`link`, `account`)',
  })
  @IsAbsentOr()
  @IsString()
  @MaxLength(40)
  @Matches(/^[a-z_*.]+$/, { message: 'action must be an event type or family, as link.created' })
  action?: string;

  @ApiPropertyOptional({ description: `From this time on: ${TIME_HINT}` })
  @IsAbsentOr()
  @Matches(TIME, { message: `from must be ${TIME_HINT}` })
  from?: string;

  @ApiPropertyOptional({ description: `Before this time: ${TIME_HINT}` })
  @IsAbsentOr()
  @Matches(TIME, { message: `to must be ${TIME_HINT}` })
  to?: string;

  @ApiPropertyOptional({ enum: ['json', 'csv'], description: '`csv`: every match as a download' })
  @IsAbsentOr()
  @IsIn(['json', 'csv'])
  format?: 'json' | 'csv';
}

export class AdminAuditLogQuery extends AuditLogQuery {
  @ApiPropertyOptional({ description: "One account's events" })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  account_id?: number;
}
