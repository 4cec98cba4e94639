import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { DeletedDto } from '../common/dto/results.dto';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { PageQuery } from '../common/pagination';
import { IdPipe } from '../common/pipes/id.pipe';
import { BundlesService } from './bundles.service';
import { BundleDto, CreateBundleDto, UpdateBundleDto } from './dto/bundle.dto';

/** Bundles: several files under one address; the id is the bundle's link id. */
@ApiTags('bundles')
@ApiAuth('files')
@Controller('api/v1/bundles')
export class BundlesController {
  constructor(private readonly bundles: BundlesService) {}

  @Post()
  @ApiData(BundleDto, { status: 201 })
  @ApiErrors({ 404: ['not_found'], 409: ['slug_taken', 'conflict'] })
  @ApiOperation({ summary: 'Share several of your files under one address' })
  create(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: CreateBundleDto) {
    return this.bundles.create(account, dto);
  }

  @Get()
  @ApiData([BundleDto])
  @ApiOperation({ summary: 'Your bundles, newest first, 20 a page' })
  list(@CurrentAccount() account: AuthenticatedAccount, @Query() q: PageQuery) {
    return this.bundles.list(account.id, q.page);
  }

  @Get(':id')
  @ApiData(BundleDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'One bundle with its files' })
  get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.bundles.get(account.id, id);
  }

  @Patch(':id')
  @ApiData(BundleDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Change a bundle; null clears title, password, expiry' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: UpdateBundleDto,
  ) {
    return this.bundles.update(account.id, id, dto);
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a bundle and its files' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.bundles.delete(account.id, id);
  }
}
