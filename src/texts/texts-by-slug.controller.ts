import { Body, Controller, Delete, HttpCode, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { seeCreation, SeeShortUrlDto } from '../links/dto/see-short-url.dto';
import { LinkAddressDto } from '../links/dto/update-link.dto';
import { CreateTextDto } from './dto/create-text.dto';
import { PutTextDto } from './dto/text.dto';
import { TextsService } from './texts.service';
import { ApiErrors, ApiSeeData } from '../common/openapi-responses';

/** S.EE-style endpoints: a text share named by domain and slug. */
@ApiTags('texts')
@ApiAuth('texts')
@Controller('api/v1/text')
export class TextsBySlugController {
  constructor(private readonly texts: TextsService) {}

  @Post()
  @ApiSeeData(SeeShortUrlDto)
  @ApiErrors({
    400: ['slug_reserved', 'domain_not_allowed'],
    409: ['slug_taken'],
    413: ['content_too_large'],
  })
  @HttpCode(200)
  @ApiOperation({ summary: 'Share a text: plain text, source code (highlighted) or Markdown' })
  async create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateTextDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SeeShortUrlDto> {
    return seeCreation(res, await this.texts.create(account, dto));
  }

  @Put()
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'], 413: ['content_too_large'] })
  @ApiOperation({
    summary: 'Update the text share named by domain and slug',
    description: 'S.EE answers no data; PATCH /texts/{id} answers the text.',
  })
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: PutTextDto,
  ): Promise<null> {
    await this.texts.update(account.id, { domain: dto.domain, slug: dto.slug }, dto);
    return null;
  }

  @Delete()
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete the text share named by domain and slug' })
  async delete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: LinkAddressDto,
  ): Promise<null> {
    await this.texts.delete(account.id, dto);
    return null;
  }
}
