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
import { seeEnvelope } from '../common/envelope';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { CreateLinkDto } from './dto/create-link.dto';
import { seeCreation, SeeShortUrlDto } from './dto/see-short-url.dto';
import { ShortenQueryDto } from './dto/shorten-query.dto';
import { createInput, updateInput } from './dto/to-input';
import { LinkAddressDto, PutShortenDto } from './dto/update-link.dto';
import { LinksService } from './links.service';
import { SimpleModeErrors, SimpleModeErrorsFilter } from './simple-mode-errors.filter';
import { ApiErrors, ApiRaw, ApiSeeData } from '../common/openapi-responses';
import { OWN_ERRORS } from '../common/openapi-document';

/** S.EE-style endpoints: links named by domain and slug. */
@ApiTags('links')
@ApiAuth('links')
@Controller('api/v1/shorten')
export class ShortenController {
  constructor(private readonly links: LinksService) {}

  @Post()
  @ApiSeeData(SeeShortUrlDto)
  @ApiErrors({ 400: ['slug_reserved', 'domain_not_allowed'], 409: ['slug_taken'] })
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a short link' })
  async create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateLinkDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SeeShortUrlDto> {
    return seeCreation(res, await this.links.create(account, createInput(dto)));
  }

  @Get()
  @ApiAuth('links:write')
  @ApiRaw(
    { type: 'string', example: 'http://localhost:3000/aZ3k9Q' },
    {
      mediaType: 'text/plain',
      description: 'The short URL; with json=true the answer of POST /shorten',
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
    if (query.json) res.status(200).json(seeEnvelope(200, seeCreation(res, link)));
    else res.status(200).type('text/plain; charset=utf-8').send(link.short_url);
  }

  @Put()
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({
    summary: 'Update the link named by domain and slug',
    description: 'S.EE answers no data; PATCH /links/{id} answers the link.',
  })
  async update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: PutShortenDto,
  ): Promise<null> {
    await this.links.update(account.id, dto, updateInput(dto), 'redirect');
    return null;
  }

  @Delete()
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete the link named by domain and slug' })
  async delete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: LinkAddressDto,
  ): Promise<null> {
    await this.links.delete(account.id, dto, 'redirect');
    return null;
  }
}
