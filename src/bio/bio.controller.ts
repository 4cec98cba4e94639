import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { PageQuery } from '../common/pagination';
import { BioIdDto, BioPageListDto, CreateBioDto, CreatedBioDto, UpdateBioDto } from './bio.dto';
import { BioService } from './bio.service';
import { ApiErrors, ApiSeeData } from '../common/openapi-responses';

/** S.EE's link-in-bio pages (`/bio`, `/bios`). */
@ApiTags('bio pages')
@ApiAuth('links')
// Full paths: S.EE's routes here span several nouns (bio and bios), and each is found by grep.
@Controller()
export class BioController {
  constructor(private readonly bio: BioService) {}

  @Post('api/v1/bio')
  @ApiSeeData(CreatedBioDto)
  @ApiErrors({ 409: ['slug_taken'], 400: ['slug_reserved', 'domain_not_allowed'] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a link-in-bio page: a title, a description and a list of links' })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateBioDto,
  ): Promise<CreatedBioDto> {
    return this.bio.create(account, dto);
  }

  @Put('api/v1/bio')
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Change a bio page; a field left out keeps its value, "" clears it' })
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: UpdateBioDto,
  ): Promise<null> {
    await this.bio.update(account.id, dto);
    return null;
  }

  @Delete('api/v1/bio')
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a bio page; its address is free again' })
  async delete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: BioIdDto,
  ): Promise<null> {
    await this.bio.delete(account.id, dto.id);
    return null;
  }

  @Get('api/v1/bios')
  @ApiSeeData(BioPageListDto)
  @ApiOperation({ summary: 'Your bio pages, newest first' })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: PageQuery,
  ): Promise<BioPageListDto> {
    return this.bio.list(account.id, q.page, q.per_page);
  }
}
