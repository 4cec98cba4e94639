import { Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { IdPipe } from '../common/pipes/id.pipe';
import { UpdateTextDto } from './dto/create-text.dto';
import { ListTextsQuery, TextDto } from './dto/text.dto';
import { TextsService } from './texts.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';

/** Resource-style endpoints over text shares; the id is the share's link id. */
@ApiTags('texts')
@ApiAuth('texts')
@Controller('api/v1/texts')
export class TextsByIdController {
  constructor(private readonly texts: TextsService) {}

  @Get()
  @ApiData([TextDto])
  @ApiOperation({
    summary: 'Your text shares, newest first or by sort (no content); filter by tag, type, q',
  })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: ListTextsQuery,
  ): Promise<TextDto[]> {
    return this.texts.list(account.id, q);
  }

  @Get(':id')
  @ApiData(TextDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'One text share with its content (does not count as a read)' })
  get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.texts.get(account.id, { id });
  }

  @Patch(':id')
  @ApiData(TextDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Change a text share; null clears title, password, expiry' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: UpdateTextDto,
  ): Promise<TextDto> {
    return this.texts.update(account.id, { id }, dto);
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a text share' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.texts.delete(account.id, { id });
  }
}
