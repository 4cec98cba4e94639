import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Post,
  Put,
  Query,
  Res,
  UseFilters,
} from '@nestjs/common';
import { ApiExtension, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { RawResponse } from '../common/decorators/raw-response.decorator';
import { successEnvelope } from '../common/envelope';
import { ApiAuth } from '../common/openapi';
import { CreateLinkDto } from './dto/create-link.dto';
import { LinkDto, ShortLinkDto } from './dto/link.dto';
import { ShortenQueryDto } from './dto/shorten-query.dto';
import { createInput, updateInput } from './dto/to-input';
import { LinkAddressDto, PutShortenDto } from './dto/update-link.dto';
import { LinksService } from './links.service';
import { SimpleModeErrors, SimpleModeErrorsFilter } from './simple-mode-errors.filter';
import { ApiData, ApiErrors, ApiRaw } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';
import { OWN_ERRORS } from '../common/openapi-document';

/** S.EE-style endpoints: links named by domain and slug. */
@ApiTags('links')
@ApiAuth()
@Controller('api/v1/shorten')
export class ShortenController {
  constructor(private readonly links: LinksService) {}

  @Post()
  @ApiData(ShortLinkDto)
  @ApiErrors({ 400: ['slug_reserved', 'domain_not_allowed'], 409: ['slug_taken'] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a short link' })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateLinkDto,
  ): Promise<ShortLinkDto> {
    return this.links.create(account, createInput(dto));
  }

  @Get()
  @ApiRaw(
    { type: 'string', example: 'http://localhost:3000/aZ3k9Q' },
    {
      mediaType: 'text/plain',
      description: 'The short URL; with json=true the envelope of POST /shorten',
    },
  )
  @SimpleModeErrors()
  @ApiExtension(OWN_ERRORS, true)
  @RawResponse()
  @UseFilters(SimpleModeErrorsFilter)
  @ApiProduces('text/plain', 'application/json')
  @ApiOperation({
    summary: 'Simple mode: create from query parameters (bookmarklets, curl)',
    description:
      'Answers the short URL alone as text/plain (errors: the message, with the HTTP status), ' +
      'or the JSON envelope with json=true. Send the token as ?signature=.',
  })
  async simple(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() query: ShortenQueryDto,
    @Res() res: Response,
  ): Promise<void> {
    const link = await this.links.create(account, createInput(query));
    if (query.json) res.status(200).json(successEnvelope(200, link));
    else res.status(200).type('text/plain; charset=utf-8').send(link.short_url);
  }

  @Put()
  @ApiData(LinkDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Update the link named by domain and slug' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: PutShortenDto,
  ): Promise<LinkDto> {
    return this.links.update(account.id, dto, updateInput(dto), 'redirect');
  }

  @Delete()
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete the link named by domain and slug' })
  delete(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: LinkAddressDto) {
    return this.links.delete(account.id, dto, 'redirect');
  }
}
