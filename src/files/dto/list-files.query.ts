import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { FILE_KINDS, FILE_SORTS } from '../files.repository';
import { HistoryQuery } from './history.query';

/** `GET /api/v1/files`: the history's page, narrowed and ordered as the account area does. */
export class ListFilesQuery extends HistoryQuery {
  @ApiPropertyOptional({ description: "Search in the file's name" })
  @IsAbsentOr()
  @IsString()
  @MaxLength(200)
  q?: string;
  @ApiPropertyOptional({ enum: FILE_KINDS, description: 'By the type sniffed from the bytes' })
  @IsAbsentOr()
  @IsIn(FILE_KINDS)
  kind?: (typeof FILE_KINDS)[number];
  @ApiPropertyOptional({ enum: FILE_SORTS, default: 'newest' })
  @IsAbsentOr()
  @IsIn(FILE_SORTS)
  sort?: (typeof FILE_SORTS)[number];
}
