import { Body, Controller, Delete, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../common/openapi';
import { ShortLinkDto } from '../links/dto/link.dto';
import { LinkAddressDto } from '../links/dto/update-link.dto';
import { CreateTextDto } from './dto/create-text.dto';
import { PutTextDto, TextDto } from './dto/text.dto';
import { TextsService } from './texts.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';

/** S.EE-style endpoints: a text share named by domain and slug. */
@ApiTags('texts')
@ApiAuth()
@Controller('api/v1/text')
export class TextsBySlugController {
  constructor(private readonly texts: TextsService) {}

  @Post()
  @ApiData(ShortLinkDto)
  @ApiErrors({
    400: ['slug_reserved', 'domain_not_allowed'],
    409: ['slug_taken'],
    413: ['content_too_large'],
  })
  @HttpCode(200)
  @ApiOperation({ summary: 'Share a text: plain text, source code (highlighted) or Markdown' })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateTextDto,
  ): Promise<ShortLinkDto> {
    return this.texts.create(account, dto);
  }

  @Put()
  @ApiData(TextDto)
  @ApiErrors({ 404: ['not_found'], 413: ['content_too_large'] })
  @ApiOperation({ summary: 'Update the text share named by domain and slug' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: PutTextDto,
  ): Promise<TextDto> {
    return this.texts.update(account.id, { domain: dto.domain, slug: dto.slug }, dto);
  }

  @Delete()
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete the text share named by domain and slug' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: LinkAddressDto) {
    return this.texts.delete(account.id, dto);
  }
}
