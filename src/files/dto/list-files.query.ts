import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { SearchText, SortedBy } from '../../common/validators/list-params';
import { FILE_KINDS, FILE_SORTS } from '../files.repository';
import { HistoryQuery } from './history.query';

/** `GET /api/v1/files`: the history's page, narrowed and ordered as the account area does. */
export class ListFilesQuery extends HistoryQuery {
  @SearchText("Search in the file's name") q?: string;
  @ApiPropertyOptional({ enum: FILE_KINDS, description: 'By the type sniffed from the bytes' })
  @IsAbsentOr()
  @IsIn(FILE_KINDS)
  kind?: (typeof FILE_KINDS)[number];
  @SortedBy(FILE_SORTS) sort?: (typeof FILE_SORTS)[number];
}
