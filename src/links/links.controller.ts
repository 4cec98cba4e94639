import { Body, Controller, Delete, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { IdPipe } from '../common/pipes/id.pipe';
import { asListItem, LinkDto } from './dto/link.dto';
import { ListLinksQuery } from './dto/list-links.query';
import { updateInput } from './dto/to-input';
import { UpdateLinkDto } from './dto/update-link.dto';
import { LinksService } from './links.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';

/** Resource-style endpoints over every kind of link (redirects, texts, files). */
@ApiTags('links')
@ApiAuth('links')
@Controller('api/v1/links')
export class LinksController {
  constructor(private readonly links: LinksService) {}

  @Get()
  @ApiData([LinkDto])
  @ApiOperation({
    summary: 'Your links, newest first or by sort; filter by tag_id, domain, kind, q',
    description: 'S.EE\'s link history: title and target_url are "" when there are none.',
  })
  async list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: ListLinksQuery,
  ): Promise<LinkDto[]> {
    const { tag_id: tagId, domain, kind, sort, health, after } = q;
    const filter = { tagId, domain, kind, q: q.q, sort, health, after };
    return (await this.links.list(account.id, filter, q.page, q.per_page)).map(asListItem);
  }

  @Get(':id')
  @ApiData(LinkDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'One of your links' })
  get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.links.get(account.id, { id });
  }

  @Patch(':id')
  @ApiData(LinkDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Change a link; null clears title, password, expiry' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: UpdateLinkDto,
  ): Promise<LinkDto> {
    return this.links.update(account.id, { id }, updateInput(dto));
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete a link; its address is free again' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.links.delete(account.id, { id });
  }
}
