import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, Matches } from 'class-validator';
import { PageQuery } from '../../../common/pagination';
import { SignedQuery } from '../../../common/pipes/query-transforms';
import { SLUG_PATTERN } from '../../../common/slug';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';

export const PERIODS = ['daily', 'monthly', 'totally'] as const;
export type Period = (typeof PERIODS)[number];

/** S.EE: a link by domain and slug, and the period to count. */
export class VisitStatQuery extends SignedQuery {
  @ApiPropertyOptional({ description: 'Host of the short URL; the default domain if omitted' })
  @IsAbsentOr()
  @Matches(/^[a-z0-9.:-]{1,253}$/i, { message: 'domain must be a host name' })
  domain?: string;

  @ApiProperty()
  @Matches(SLUG_PATTERN, { message: 'slug must be 1-64 of A-Z a-z 0-9 _ -' })
  slug!: string;

  @ApiPropertyOptional({
    enum: PERIODS,
    default: 'totally',
    description: 'UTC day, UTC month, all',
  })
  @IsAbsentOr()
  @IsIn(PERIODS)
  period: Period = 'totally';
}

export class VisitLogQuery extends PageQuery {}
