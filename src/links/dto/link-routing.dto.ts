import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsPositive, ValidateNested } from 'class-validator';
import { CONDITION_TYPES } from '../rules/rule-types';
import { TargetHealthDto } from './link.dto';

export class RuleConditionDto {
  @ApiProperty({ enum: CONDITION_TYPES }) type!: string;
  @ApiPropertyOptional({
    oneOf: [{ type: 'string' }, { type: 'integer' }],
    description:
      'device: mobile|tablet|desktop; os: ios|android|windows|macos|linux|chromeos; browser: ' +
      'chrome, firefox, safari, edge...; country: ISO alpha-2; language: a BCP 47 tag (en ' +
      "matches en-GB; the visitor's most preferred languages count); query: the parameter's " +
      'value (absent: any value); before/after: Unix seconds; ip: a CIDR range',
  })
  value?: string | number;
  @ApiPropertyOptional({ description: 'query only: the parameter' }) param?: string;
}

export class VariantDto {
  @ApiProperty() target_url!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) weight!: number;
}

export class LinkRuleDto {
  @ApiProperty({ type: [RuleConditionDto], description: '1 to 10; all must match' })
  conditions!: RuleConditionDto[];
  @ApiProperty() target_url!: string;
  @ApiPropertyOptional({
    type: [VariantDto],
    description: "The rule's visitors split between these (target_url then goes unused)",
  })
  variants?: VariantDto[];
}

/** `GET|PUT /links/:id/rules`: checked whole by the service (rules-input), fault by field. */
export class LinkRulesDto {
  @ApiProperty({ type: [LinkRuleDto], description: 'In order, at most 20; the first match wins' })
  @IsArray({ message: 'rules must be an array' })
  rules!: LinkRuleDto[];
}

export class WinnerSettingsDto {
  @ApiProperty({ type: 'integer', description: 'Visits (people) to the split before it decides' })
  @IsInt()
  @IsPositive()
  after_visits!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Your link whose visits count as a conversion (the same visitor, same day)',
  })
  @IsInt()
  @IsPositive()
  goal_link_id!: number;
}

export class LinkVariantsDto {
  @ApiProperty({ type: [VariantDto], description: '2 to 10 URLs; [] removes the split' })
  @IsArray({ message: 'variants must be an array' })
  variants!: VariantDto[];
  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    properties: {
      after_visits: { type: 'integer', minimum: 1 },
      goal_link_id: { type: 'integer', minimum: 1 },
    },
    description: 'Pick the winner by itself; null: only you pick it. Absent: as it was',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => WinnerSettingsDto)
  winner?: WinnerSettingsDto | null;
}

export class HealthCheckDto {
  @ApiProperty({ type: 'integer', description: 'Unix seconds' }) at!: number;
  @ApiProperty({ enum: ['ok', 'failed', 'unknown'] }) outcome!: string;
  @ApiPropertyOptional({ type: Number, nullable: true }) http_status!: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) error!: string | null;
}

export class TargetHealthHistoryDto {
  @ApiProperty({ description: 'Checks are scheduled (the link or its account watches it)' })
  watched!: boolean;
  @ApiProperty({ type: TargetHealthDto }) target_health!: TargetHealthDto;
  @ApiProperty({ type: [HealthCheckDto], description: 'The last 20, newest first' })
  checks!: HealthCheckDto[];
}

export class PickWinnerDto {
  @ApiProperty({
    type: 'integer',
    description: 'The variant (1 for the first) that becomes the target',
  })
  @IsInt({ message: 'variant must be an integer' })
  @IsPositive({ message: 'variant must be an integer' })
  variant!: number;
}
