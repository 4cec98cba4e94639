import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { IdPipe } from '../common/pipes/id.pipe';
import { CustomDomainsService } from './custom-domains.service';
import {
  AddCustomDomainDto,
  DeleteCustomDomainQuery,
  UpdateCustomDomainDto,
} from './dto/custom-domain-input.dto';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { DeletedDto } from '../common/dto/results.dto';
import { CustomDomainDto } from './dto/custom-domain.dto';

@ApiTags('custom domains')
@ApiAuth('domains')
@Controller('api/v1/custom-domains')
export class CustomDomainsController {
  constructor(private readonly domains: CustomDomainsService) {}

  @Post()
  @ApiData(CustomDomainDto, { status: 201 })
  @ApiErrors({ 403: ['plan_limit'], 409: ['domain_taken'] })
  @HttpCode(201)
  @ApiOperation({
    summary: 'Claim a host: answers the TXT record that proves it is yours, and where to point it',
  })
  add(@CurrentAccount() account: AuthenticatedAccount, @Body() body: AddCustomDomainDto) {
    return this.domains.add(account, body.host);
  }

  @Get()
  @ApiData([CustomDomainDto])
  @ApiOperation({ summary: 'Your custom domains, oldest first' })
  list(@CurrentAccount() account: AuthenticatedAccount) {
    return this.domains.list(account.id);
  }

  @Get(':id')
  @ApiData(CustomDomainDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'One of your custom domains, with its DNS records' })
  get(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.domains.get(account.id, id);
  }

  @Patch(':id')
  @ApiData(CustomDomainDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Where `/` and unknown slugs on the domain go' })
  update(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCustomDomainDto,
  ) {
    return this.domains.update(account.id, id, {
      rootRedirectUrl: body.root_redirect_url,
      notFoundRedirectUrl: body.not_found_redirect_url,
    });
  }

  @Post(':id/verify')
  @ApiData(CustomDomainDto)
  @ApiErrors({ 404: ['not_found'] })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Look the records up now: each with what was expected, what was found, and ok',
    description:
      'The TXT record proves ownership; the routing record is reported but optional (a proxy ' +
      'may hide it). The first account to verify a host wins; other claims on it fail.',
  })
  verify(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.domains.verify(account.id, id);
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'], 409: ['domain_in_use'] })
  @ApiOperation({
    summary: 'Give the domain up; 409 domain_in_use while shares live on it, unless force=true',
    description: 'force=true deletes every share on the domain, files with their bytes.',
  })
  delete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: DeleteCustomDomainQuery,
  ) {
    return this.domains.delete(account.id, id, q.force);
  }
}
