import { Body, Controller, Delete, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import {
  BulkCreateLinksDto,
  BulkResultsDto,
  BulkSelectionDto,
  BulkUpdateLinksDto,
} from './dto/bulk-links.dto';
import { LinksBulkService } from './links-bulk.service';

/** Registered before LinksController, whose `:id` would take `bulk` for an id. */
@ApiTags('links')
@ApiAuth('links')
@Controller('api/v1/links/bulk')
export class LinksBulkController {
  constructor(private readonly bulk: LinksBulkService) {}

  @Post()
  @HttpCode(200)
  @ApiData(BulkResultsDto)
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({
    summary: 'Create up to 100 links; each item answered in its place (ok, or its error)',
  })
  async create(@CurrentAccount() a: AuthenticatedAccount, @Body() dto: BulkCreateLinksDto) {
    return { results: await this.bulk.create(a, dto.links) };
  }

  @Patch()
  @ApiData(BulkResultsDto)
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({ summary: 'Change the links with these ids, or with a tag, the same way' })
  async update(@CurrentAccount() a: AuthenticatedAccount, @Body() dto: BulkUpdateLinksDto) {
    return { results: await this.bulk.update(a.id, dto, dto.set) };
  }

  @Delete()
  @ApiData(BulkResultsDto)
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({ summary: 'Delete the links with these ids, or with a tag' })
  async delete(@CurrentAccount() a: AuthenticatedAccount, @Body() dto: BulkSelectionDto) {
    return { results: await this.bulk.delete(a.id, dto) };
  }
}
