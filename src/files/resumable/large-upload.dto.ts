import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, MaxLength, Min, MinLength } from 'class-validator';
import { BlankMeansAbsent } from '../../common/validators/blank-means-absent';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import {
  CustomSlugField,
  DomainField,
  ExpireAtField,
  PasswordField,
  TitleField,
  UnfurlField,
  MaxVisitsField,
} from '../../links/dto/link-fields';
import { FileRecordDto } from '../dto/file-record.dto';

/** S.EE's CreateLargeFileUploadRequest; blank optional fields are not given. */
@BlankMeansAbsent([
  'file_hash',
  'alias',
  'domain',
  'title',
  'description',
  'password',
  'expire_at',
  'is_private',
  'mime_type',
  'keep_metadata',
  'unfurl',
  'bundle_id',
])
export class CreateLargeUploadDto {
  @ApiProperty({ maxLength: 255 }) @IsString() @MinLength(1) @MaxLength(255) file_name!: string;
  @ApiProperty({ type: 'integer', description: 'Bytes; the plan limit applies here' })
  @IsInt()
  @Min(0)
  file_size!: number;
  @ApiPropertyOptional({ description: 'SHA-256 of the whole file, hex' })
  @IsAbsentOr()
  @Matches(/^[0-9a-fA-F]{64}$/, { message: 'file_hash must be 64 hex characters (SHA-256)' })
  file_hash?: string;
  @CustomSlugField() alias?: string;
  @DomainField() domain?: string;
  @TitleField() title?: string;
  @ApiPropertyOptional({ maxLength: 1000 })
  @IsAbsentOr()
  @IsString()
  @MaxLength(1000)
  description?: string;
  @PasswordField() password?: string;
  @ExpireAtField() expire_at?: number;
  @ApiPropertyOptional({ enum: [0, 1] })
  @Transform(({ value }: { value: unknown }) => (value === true ? 1 : value === false ? 0 : value))
  @IsAbsentOr()
  @IsIn([0, 1])
  is_private?: 0 | 1;
  @ApiPropertyOptional({
    enum: [0, 1],
    description: "Not S.EE's: 1 keeps a photo's EXIF, GPS and XMP (stripped by default)",
  })
  @Transform(({ value }: { value: unknown }) => (value === true ? 1 : value === false ? 0 : value))
  @IsAbsentOr()
  @IsIn([0, 1])
  keep_metadata?: 0 | 1;
  @UnfurlField() unfurl?: boolean;
  @MaxVisitsField() max_visits?: number | null;
  @ApiPropertyOptional({ description: "Not S.EE's: one of your bundles, which the file joins" })
  @IsAbsentOr()
  @IsInt()
  @Min(1)
  bundle_id?: number;
  @ApiPropertyOptional({ example: 'video/mp4', description: 'Kept as a hint; the type is sniffed' })
  @IsAbsentOr()
  @IsString()
  @MaxLength(127)
  mime_type?: string;
}

export class UploadIdDto {
  @ApiProperty()
  @IsString()
  @Matches(/^[0-9a-f]{32}$/, { message: 'upload_id is not one of ours' })
  upload_id!: string;
}

export class CreatedLargeUploadDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() upload_id!: string;
  @ApiProperty({ description: 'tus upload URL: HEAD, PATCH, DELETE with your token' })
  upload_url!: string;
  @ApiProperty({ type: 'integer', description: 'Unix seconds: unfinished uploads end then' })
  expires_at!: number;
  @ApiProperty({ type: 'integer' }) file_size!: number;
  @ApiProperty({
    description: 'true: file_hash matched bytes you stored already; the file exists, no transfer',
  })
  fast_upload!: boolean;
  @ApiPropertyOptional({ type: FileRecordDto, description: 'With fast_upload: the new file' })
  existing_file?: FileRecordDto;
}

export class LargeUploadProgressDto {
  @ApiProperty() upload_id!: string;
  @ApiProperty() file_name!: string;
  @ApiProperty({ type: 'integer' }) file_size!: number;
  @ApiProperty({ type: 'integer' }) uploaded_size!: number;
  @ApiProperty({ description: 'Percent, 0-100, 2 decimals' }) progress!: number;
  @ApiProperty({
    enum: [1, 2, 3, 4],
    description: '1 uploading, 2 completed, 3 failed, 4 cancelled',
  })
  status!: number;
  @ApiProperty({ type: 'integer' }) created_at!: number;
  @ApiProperty({ type: 'integer' }) updated_at!: number;
}

export class CompletedLargeUploadDto {
  @ApiProperty({ type: FileRecordDto }) file!: FileRecordDto;
  @ApiProperty({ description: "The file's share page" }) short_link!: string;
}

export class CancelledLargeUploadDto {
  @ApiProperty() upload_id!: string;
  @ApiProperty({ enum: [true] }) cancelled!: true;
}
