import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsInt, Min } from 'class-validator';
import { LinkAddressDto } from '../../links/dto/update-link.dto';
import { LinkDto } from '../../links/dto/link.dto';
import { PageQuery } from '../../common/pagination';
import { ToInt } from '../../common/pipes/query-transforms';
import { TEXT_TYPES, TextType } from '../text.entity';
import { TEXT_SORTS } from '../texts.repository';
import { SearchText, SortedBy } from '../../common/validators/list-params';
import { UpdateTextDto } from './create-text.dto';

export class TextDto extends LinkDto {
  @ApiProperty({ enum: TEXT_TYPES }) text_type!: TextType;
  @ApiPropertyOptional({ type: String, nullable: true }) language!: string | null;
  @ApiProperty({ description: 'Bytes of UTF-8' }) size!: number;
  @ApiProperty() burn_after_read!: boolean;
  @ApiPropertyOptional({ description: 'Present on single texts, not in lists' }) content?: string;
  @ApiPropertyOptional({ description: 'In lists: the first 100 characters of the content' })
  content_preview?: string;
}

/** S.EE style: PUT /text names the share by domain and slug in the body. */
export class PutTextDto extends IntersectionType(UpdateTextDto, LinkAddressDto) {}

export class ListTextsQuery extends PageQuery {
  @ApiPropertyOptional() @ToInt() @IsAbsentOr() @IsInt() @Min(1) tag_id?: number;
  @ApiPropertyOptional({ enum: TEXT_TYPES }) @IsAbsentOr() @IsIn(TEXT_TYPES) text_type?: TextType;
  @SearchText('Search in title and slug') q?: string;
  @SortedBy(TEXT_SORTS) sort?: (typeof TEXT_SORTS)[number];
}
