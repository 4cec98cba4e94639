import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { IdPipe } from '../common/pipes/id.pipe';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../common/openapi';
import { SaveTagDto, TagDto } from './dto/tag.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@ApiAuth()
@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @ApiOperation({ summary: 'S.EE: your tags, by name, as `{ tags: [{ id, name, created_at }] }`' })
  async list(@CurrentAccount() account: AuthenticatedAccount): Promise<{ tags: TagDto[] }> {
    return { tags: await this.tags.list(account.id) };
  }

  @Post()
  @ApiOperation({ summary: 'Create a tag (names are unique per account)' })
  create(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: SaveTagDto) {
    return this.tags.create(account.id, dto.name);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Rename a tag' })
  rename(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: SaveTagDto,
  ) {
    return this.tags.rename(account.id, id, dto.name);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a tag; links keep existing, without it' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.tags.delete(account.id, id);
  }
}
