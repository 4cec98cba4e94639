import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsObject,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { LinkDto } from './link.dto';
import { UpdateLinkDto } from './update-link.dto';

export const BULK_MAX = 100;
/** Links one call selects by tag at most (the rest: call again). */
export const BULK_TAG_MAX = 1000;

export class BulkCreateLinksDto {
  @ApiProperty({
    description: `Up to ${BULK_MAX} links, each as \`POST /api/v1/shorten\` takes one (target_url, custom_slug, domain, title, tag_ids...)`,
    example: [
      { target_url: 'https://example.com/a' },
      { target_url: 'https://example.com/b', custom_slug: 'b' },
    ],
    type: 'array',
    items: { type: 'object' },
  })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(BULK_MAX)
  @IsObject({ each: true, message: 'each of links must be an object' })
  links!: Record<string, unknown>[];
}

/** Which links a bulk change or deletion is for: `ids`, or every link with `tag_id`. */
export class BulkSelectionDto {
  @ApiPropertyOptional({ type: [Number], maxItems: BULK_MAX })
  @IsAbsentOr()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(BULK_MAX)
  @IsInt({ each: true })
  @Min(1, { each: true })
  ids?: number[];

  @ApiPropertyOptional({ description: `Every link with this tag (the first ${BULK_TAG_MAX})` })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  tag_id?: number;
}

export class BulkUpdateLinksDto extends BulkSelectionDto {
  @ApiProperty({ type: UpdateLinkDto, description: 'What changes on each of them' })
  @IsObject()
  @ValidateNested()
  @Type(() => UpdateLinkDto)
  set!: UpdateLinkDto;
}

export class BulkItemResultDto {
  @ApiProperty() ok!: boolean;
  @ApiPropertyOptional({ description: 'The link (ids: on a change or deletion)' }) id?: number;
  @ApiPropertyOptional({ type: LinkDto }) link?: LinkDto;
  @ApiPropertyOptional({ example: 'slug_taken' }) error?: string;
  @ApiPropertyOptional() message?: string;
}

export class BulkResultsDto {
  @ApiProperty({ type: [BulkItemResultDto], description: 'One per item, in the order sent' })
  results!: BulkItemResultDto[];
}
