import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../common/openapi';
import { PageQuery } from '../common/pagination';
import {
  BioIdDto,
  BioPageDto,
  BioPageListDto,
  CreateBioDto,
  CreatedBioDto,
  UpdateBioDto,
} from './bio.dto';
import { BioService } from './bio.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';

/** S.EE's link-in-bio pages (`/bio`, `/bios`). */
@ApiTags('bio pages')
@ApiAuth()
@Controller('api/v1')
export class BioController {
  constructor(private readonly bio: BioService) {}

  @Post('bio')
  @ApiData(CreatedBioDto)
  @ApiErrors({ 409: ['slug_taken'], 400: ['slug_reserved', 'domain_not_allowed'] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Make a link-in-bio page: a title, a description and a list of links' })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateBioDto,
  ): Promise<CreatedBioDto> {
    return this.bio.create(account, dto);
  }

  @Put('bio')
  @ApiData(BioPageDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Change a bio page; a field left out keeps its value, "" clears it' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: UpdateBioDto,
  ): Promise<BioPageDto> {
    return this.bio.update(account.id, dto);
  }

  @Delete('bio')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a bio page; its address is free again' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: BioIdDto) {
    return this.bio.delete(account.id, dto.id);
  }

  @Get('bios')
  @ApiData(BioPageListDto)
  @ApiOperation({ summary: 'Your bio pages, newest first' })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: PageQuery,
  ): Promise<BioPageListDto> {
    return this.bio.list(account.id, q.page, q.per_page);
  }
}
