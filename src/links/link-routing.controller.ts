import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { IdPipe } from '../common/pipes/id.pipe';
import { LinkDto } from './dto/link.dto';
import {
  LinkRulesDto,
  LinkVariantsDto,
  PickWinnerDto,
  TargetHealthHistoryDto,
} from './dto/link-routing.dto';
import { LinkRoutingService } from './rules/link-routing.service';

/** A redirect's rules and A/B split (docs/link-rules.md). */
@ApiTags('links')
@ApiAuth('links')
@Controller('api/v1/links/:id')
export class LinkRoutingController {
  constructor(private readonly routing: LinkRoutingService) {}

  @Get('rules')
  @ApiData(LinkRulesDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: "A redirect's rules, in order" })
  rules(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.routing.rules(account.id, id);
  }

  @Put('rules')
  @ApiData(LinkRulesDto)
  @ApiErrors({ 400: ['validation_failed'], 404: ['not_found'] })
  @ApiOperation({ summary: "Replace a redirect's rules ([] removes them)" })
  setRules(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: LinkRulesDto,
  ) {
    return this.routing.setRules(account.id, id, dto.rules);
  }

  @Get('variants')
  @ApiData(LinkVariantsDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: "A redirect's A/B split" })
  variants(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.routing.split(account.id, id);
  }

  @Put('variants')
  @ApiData(LinkVariantsDto)
  @ApiErrors({ 400: ['validation_failed'], 404: ['not_found'] })
  @ApiOperation({ summary: "Replace a redirect's A/B split ([] removes it)" })
  setVariants(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: LinkVariantsDto,
  ) {
    return this.routing.setSplit(account.id, id, dto.variants, dto.winner);
  }

  @Get('health')
  @ApiData(TargetHealthHistoryDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: "A watched target's state and its last checks" })
  health(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.routing.healthOf(account.id, id);
  }

  @Post('variants/winner')
  @HttpCode(200)
  @ApiData(LinkDto)
  @ApiErrors({ 400: ['validation_failed'], 404: ['not_found'] })
  @ApiOperation({ summary: "Make a variant the link's target and end the split" })
  pickWinner(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: PickWinnerDto,
  ): Promise<LinkDto> {
    return this.routing.pickWinner(account.id, id, dto.variant);
  }
}
