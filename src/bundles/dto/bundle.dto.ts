import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsPositive } from 'class-validator';
import { BlankMeansAbsent } from '../../common/validators/blank-means-absent';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { FileRecordDto } from '../../files/dto/file-record.dto';
import {
  CustomSlugField,
  DomainField,
  ExpireAtField,
  PasswordField,
  TitleField,
  UnfurlField,
  MaxVisitsField,
} from '../../links/dto/link-fields';

/** At most this many files in one bundle. */
export const MAX_BUNDLE_FILES = 500;

const FileIdsField = () =>
  applyDecorators(
    ApiPropertyOptional({ type: [Number], description: 'Ids of your files (file_id)' }),
    IsAbsentOr(),
    IsArray(),
    ArrayMaxSize(MAX_BUNDLE_FILES),
    IsInt({ each: true, message: 'file_ids must be integers' }),
    IsPositive({ each: true, message: 'file_ids must be positive' }),
  );

const PrivateField = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Its page and zip answer 404 to anyone but you' }),
    Transform(({ value }: { value: unknown }) =>
      value === 1 ? true : value === 0 ? false : value,
    ),
    IsAbsentOr(),
    IsBoolean({ message: 'is_private must be true or false' }),
  );

@BlankMeansAbsent(['title', 'custom_slug', 'domain', 'password', 'expire_at', 'file_ids'])
export class CreateBundleDto {
  @TitleField() title?: string;
  @FileIdsField() file_ids?: number[];
  @CustomSlugField() custom_slug?: string;
  @DomainField() domain?: string;
  @PasswordField() password?: string;
  @ExpireAtField() expire_at?: number;
  @PrivateField() is_private?: boolean;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
}

/** A field left out keeps its value; `null` clears title, password and expiry. */
export class UpdateBundleDto {
  @TitleField() title?: string | null;
  @PasswordField() password?: string | null;
  @ExpireAtField() expire_at?: number | null;
  @PrivateField() is_private?: boolean;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
}

export class BundleFileIdsDto {
  @ApiProperty({ type: [Number] })
  @IsArray()
  @ArrayMaxSize(MAX_BUNDLE_FILES)
  @IsInt({ each: true, message: 'file_ids must be integers' })
  @IsPositive({ each: true, message: 'file_ids must be positive' })
  file_ids!: number[];
}

export class BundleDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() slug!: string;
  @ApiProperty() short_url!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ type: [FileRecordDto], description: 'In the bundle’s order' })
  files!: FileRecordDto[];
  @ApiProperty({ type: 'integer', description: 'Unix seconds' }) created_at!: number;
  @ApiProperty({ description: 'Link previews may show it (false: a bare title only)' })
  unfurl!: boolean;
}
