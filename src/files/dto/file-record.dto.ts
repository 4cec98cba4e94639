import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The file record of spec 2.4. */
export class FileRecordDto {
  @ApiProperty({ description: 'The id of the file (and of its short link)' }) file_id!: number;
  @ApiProperty({ description: 'Pixels, read from the image header; 0 for other files' })
  width!: number;
  @ApiProperty() height!: number;
  @ApiProperty({ description: 'The original name, without path parts or control characters' })
  filename!: string;
  @ApiProperty({ description: 'Random stored name with an extension from the sniffed type' })
  storename!: string;
  @ApiProperty({ description: 'Bytes' }) size!: number;
  @ApiProperty({ example: '/2026/11/21/0a1b2c3d4e5f/Xy3kP0aZ9qLmN2bC.png' }) path!: string;
  @ApiProperty({ description: 'The delete hash (the capability to delete the file)' })
  hash!: string;
  @ApiProperty({ description: 'Public address of the bytes' }) url!: string;
  @ApiProperty({ example: 'image/png', description: 'The type sniffed from the bytes' })
  mime_type!: string;
  @ApiProperty({
    description:
      "S.EE: a thumbnail's address: WebP, 1280 px at most on its longer side ('' for a file " +
      'that has none: not an image or video, or one that could not be read)',
  })
  thumb_url!: string;
  @ApiProperty({ description: '{base_url}/file/delete/<hash>' }) delete!: string;
  @ApiProperty({ description: "The file's share page (its short link)" }) page!: string;
  @ApiProperty({ description: '2 = completed (the only state a stored file has)', example: 2 })
  upload_status!: number;
  @ApiProperty({ description: 'Private: `url` and the share page answer 404 to others' })
  is_private!: boolean;
  @ApiPropertyOptional({ description: 'Unix seconds; in history entries' }) created_at?: number;
  @ApiPropertyOptional({ description: 'Visits by people, all time; in history entries' })
  visit_count?: number;
}
