import { ApiProperty, ApiPropertyOptional, IntersectionType, PickType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsInt,
  IsString,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsAbsentOr } from '../common/validators/is-absent-or';
import { BlankMeansAbsent } from '../common/validators/blank-means-absent';
import { IsHttpUrl } from '../common/validators/is-http-url';
import { SingleLine } from '../common/validators/single-line';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { UnfurlField, MaxVisitsField } from '../links/dto/link-fields';

/** Optional, and "" (none) is as good as absent. */
const AbsentOrEmptyOr = () => ValidateIf((_: unknown, v: unknown) => v !== undefined && v !== '');

@BlankMeansAbsent(['description'], [null])
export class BioCustomLinkDto {
  @ApiProperty({ maxLength: 100 })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  @SingleLine()
  title!: string;
  @ApiProperty({ example: 'https://example.com/' }) @IsHttpUrl() url!: string;
  @ApiPropertyOptional({ maxLength: 200 })
  @IsAbsentOr()
  @IsString()
  @MaxLength(200)
  description?: string;
}

/** The page's own fields, in S.EE's names; "" clears an optional one on update. */
class BioFieldsDto {
  @ApiProperty({ maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @SingleLine()
  title!: string;
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  description?: string;
  @ApiPropertyOptional({ type: [BioCustomLinkDto], description: 'Shown in this order; at most 50' })
  @IsAbsentOr()
  @IsArray()
  @ArrayMaxSize(50)
  // ValidateNested lets an array in an element through ([[{...}]]): each must be an object.
  @IsObject({ each: true, message: 'each of custom_links must be an object' })
  @ValidateNested({ each: true })
  @Type(() => BioCustomLinkDto)
  custom_links?: BioCustomLinkDto[];
  @ApiPropertyOptional({ description: 'Linked with rel="me" (Mastodon profile verification)' })
  @AbsentOrEmptyOr()
  @IsHttpUrl()
  mastodon_url?: string;
  @ApiPropertyOptional({ description: 'Offered to feed readers' })
  @AbsentOrEmptyOr()
  @IsHttpUrl()
  rss_url?: string;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
}

/** Blank optional fields are not given (an update's "" still clears: only null is not given). */
@BlankMeansAbsent([
  'description',
  'custom_links',
  'mastodon_url',
  'rss_url',
  'custom_slug',
  'domain',
])
export class CreateBioDto extends IntersectionType(
  BioFieldsDto,
  PickType(CreateLinkDto, ['custom_slug', 'domain'] as const),
) {}

@BlankMeansAbsent(['description', 'custom_links', 'mastodon_url', 'rss_url'], [null])
export class UpdateBioDto extends BioFieldsDto {
  @ApiProperty({ type: 'integer' }) @IsInt() @Min(1) id!: number;
}

export class BioIdDto {
  @ApiProperty({ type: 'integer' }) @IsInt() @Min(1) id!: number;
}

export class CreatedBioDto {
  @ApiProperty({ type: 'integer' }) bio_page_id!: number;
  @ApiProperty() short_url!: string;
}

export class BioPageDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [BioCustomLinkDto] }) custom_links!: BioCustomLinkDto[];
  @ApiProperty() mastodon_url!: string;
  @ApiProperty() rss_url!: string;
  @ApiProperty() domain!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'The short URL of the page' }) link!: string;
  @ApiProperty({ type: 'integer' }) created_at!: number;
}

export class BioPageListDto {
  @ApiProperty({ type: [BioPageDto] }) bio_pages!: BioPageDto[];
  @ApiProperty({ type: 'integer' }) total!: number;
}
