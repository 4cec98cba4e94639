import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, Max, Min, Validate, ValidatorConstraint } from 'class-validator';
import type { ValidatorConstraintInterface } from 'class-validator';
import { SignedQuery, ToInt } from '../../../common/pipes/query-transforms';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';
import { INTERVALS, Interval, isTimeZone } from '../zone-buckets';

export const BOTS = ['exclude', 'include', 'only'] as const;
export type Bots = (typeof BOTS)[number];

@ValidatorConstraint({ name: 'isTimeZone' })
class IsTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isTimeZone(value);
  }
  defaultMessage(): string {
    return 'tz must be an IANA time zone such as Europe/Berlin';
  }
}

const MAX_SECONDS = 253402300799;

export class StatsQuery extends SignedQuery {
  @ApiPropertyOptional({ description: 'Unix seconds; default 30 days before `to`' })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(0)
  @Max(MAX_SECONDS)
  from?: number;

  @ApiPropertyOptional({ description: 'Unix seconds; default now' })
  @ToInt()
  @IsAbsentOr()
  @IsInt()
  @Min(0)
  @Max(MAX_SECONDS)
  to?: number;

  @ApiPropertyOptional({ enum: INTERVALS, default: 'day' })
  @IsAbsentOr()
  @IsIn(INTERVALS)
  interval: Interval = 'day';

  @ApiPropertyOptional({ default: 'UTC', description: 'IANA zone the buckets follow' })
  @IsAbsentOr()
  @Validate(IsTimeZone)
  tz = 'UTC';

  @ApiPropertyOptional({ enum: BOTS, default: 'exclude' })
  @IsAbsentOr()
  @IsIn(BOTS)
  bots: Bots = 'exclude';
}
