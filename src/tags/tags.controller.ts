import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { IdPipe } from '../common/pipes/id.pipe';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { SaveTagDto, TagDto, TagListDto } from './dto/tag.dto';
import { TagsService } from './tags.service';
import { ApiData, ApiErrors, ApiSeeData } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';

@ApiTags('tags')
@ApiAuth('links')
@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @ApiSeeData(TagListDto)
  @ApiOperation({ summary: 'S.EE: your tags, by name, as `{ tags: [{ id, name }] }`' })
  async list(@CurrentAccount() account: AuthenticatedAccount): Promise<TagListDto> {
    return { tags: (await this.tags.list(account.id)).map(({ id, name }) => ({ id, name })) };
  }

  @Post()
  @ApiData(TagDto, { status: 201 })
  @ApiErrors({ 409: ['conflict'] })
  @ApiOperation({ summary: 'Create a tag (names are unique per account)' })
  create(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: SaveTagDto) {
    return this.tags.create(account.id, dto.name);
  }

  @Patch(':id')
  @ApiData(TagDto)
  @ApiErrors({ 404: ['not_found'], 409: ['conflict'] })
  @ApiOperation({ summary: 'Rename a tag' })
  rename(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: SaveTagDto,
  ) {
    return this.tags.rename(account.id, id, dto.name);
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a tag; links keep existing, without it' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.tags.delete(account.id, id);
  }
}
