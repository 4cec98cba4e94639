import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { LinkAddressDto } from '../../../links/dto/update-link.dto';
import { SignedQuery } from '../../../common/pipes/query-transforms';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';

export const PERIODS = ['daily', 'monthly', 'totally'] as const;
export type Period = (typeof PERIODS)[number];

/** S.EE: a link by domain and slug (as everywhere else), and the period to count. */
export class VisitStatQuery extends IntersectionType(SignedQuery, LinkAddressDto) {
  @ApiPropertyOptional({
    enum: PERIODS,
    default: 'totally',
    description: 'UTC day, UTC month, all',
  })
  @IsAbsentOr()
  @IsIn(PERIODS)
  period: Period = 'totally';
}
