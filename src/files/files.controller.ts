import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { ListFilesQuery } from './dto/list-files.query';
import { FilesService } from './files.service';
import { ApiData } from '../common/openapi-responses';
import { FileRecordDto } from './dto/file-record.dto';

/** The account's files. Uploads and deletes by hash: the `{base_url}/file` layer in compat/. */
@ApiTags('files')
@ApiAuth('files')
@Controller('api/v1/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Get()
  @ApiData([FileRecordDto])
  @ApiOperation({ summary: 'Your files, 30 per page, newest first or by sort; filter by q, kind' })
  history(@CurrentAccount() account: AuthenticatedAccount, @Query() q: ListFilesQuery) {
    return this.files.history(account.id, q.page, { q: q.q, kind: q.kind, sort: q.sort });
  }
}
